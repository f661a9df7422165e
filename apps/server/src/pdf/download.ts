// GET /api/files/:id — a generated PDF (spec §7 file download). The token comes only in the Authorization header
// (never in the URL, which logs and histories keep). The caller must be an active member of the file's school: the
// route calls the ladder's school gate for plain-HTTP routes (proveSchoolRequest: the same session cache, membership,
// permission of `pdfFile.getPdfFile` and blocked-school rule as every school procedure), so there is one access rule,
// not two. Another school's file, an unknown id and a job that is not DONE all answer 404 alike.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findDoneFile, findFileSchool } from '../features/pdf-file/pdf-file.queries.ts';
import { httpStatusOf } from '../lib/app-error.ts';
import type { SchoolId } from '../lib/tenant.ts';
import { type AppDeps, bearerToken } from '../trpc/context.ts';
import { proveSchoolRequest } from '../trpc/procedures.ts';
import type { FileStorage } from './storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The gate's refusals this route answers as they are (by the error table's one `httpStatusOf`); anything else is thrown. */
const REFUSALS = new Set([401, 403, 404]);

const refuse = (reply: FastifyReply, status: number) =>
  reply.code(status).send({ error: status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not found' });

export function registerFileDownload(app: FastifyInstance, deps: AppDeps, storage: FileStorage) {
  app.get<{ Params: { id: string } }>('/api/files/:id', async (req, reply) => {
    // A file is one user's business: never in a shared cache, never kept by the browser beyond the download.
    reply.header('cache-control', 'private, no-store');
    const token = bearerToken(req.headers.authorization);
    if (!token) return refuse(reply, 401);
    const { id } = req.params;
    if (!UUID.test(id)) return refuse(reply, 404);
    const fileSchoolId = await findFileSchool(deps.db, id);
    if (!fileSchoolId) return refuse(reply, 404);
    let schoolId: SchoolId;
    try {
      // Session, active membership of the file's school, school not blocked; NOT_FOUND otherwise.
      schoolId = (await proveSchoolRequest(deps, token, fileSchoolId, 'pdfFile.getPdfFile')).school.id;
    } catch (err) {
      const status = httpStatusOf(err);
      if (!REFUSALS.has(status)) throw err;
      return refuse(reply, status);
    }
    const file = await findDoneFile(deps.db, schoolId, id);
    const opened = file?.filePath ? await storage.open(file.filePath) : null;
    if (!file || !opened) return refuse(reply, 404);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', opened.size)
      .header('content-disposition', `attachment; filename="${file.fileName ?? `${id}.pdf`}"`)
      .send(opened.stream);
  });
}
