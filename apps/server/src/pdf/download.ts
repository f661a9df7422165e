// GET /api/files/:id — a generated PDF (spec §7 file download). The token comes only in the Authorization header
// (never in the URL, which logs and histories keep). The caller must be an active member of the file's school: the
// route asks `pdfFile.getPdfFile` through the real procedure ladder (the same gate, session cache and blocked-school
// rule as every school procedure), so there is one access rule, not two. Another school's file, an unknown id and a
// job that is not DONE all answer 404 alike.
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findDoneFile, findFileSchool } from '../features/pdf-file/pdf-file.queries.ts';
import { proveSchoolId } from '../lib/tenant.ts';
import { appRouter } from '../app-router.ts';
import { type AppDeps, bearerToken, createContext } from '../trpc/context.ts';
import { createCallerFactory } from '../trpc/init.ts';
import type { FileStorage } from './storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const createCaller = createCallerFactory(appRouter);

const refuse = (reply: FastifyReply, status: number) =>
  reply.code(status).send({ error: status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not found' });

export function registerFileDownload(app: FastifyInstance, deps: AppDeps, storage: FileStorage) {
  app.get<{ Params: { id: string } }>('/api/files/:id', async (req, reply) => {
    // A file is one user's business: never in a shared cache, never kept by the browser beyond the download.
    reply.header('cache-control', 'private, no-store');
    if (!bearerToken(req.headers.authorization)) return refuse(reply, 401);
    const { id } = req.params;
    if (!UUID.test(id)) return refuse(reply, 404);
    const schoolId = await findFileSchool(deps.db, id);
    if (!schoolId) return refuse(reply, 404);
    try {
      // Session, active membership of the file's school, school not blocked; NOT_FOUND otherwise.
      await createCaller(await createContext(deps, req)).pdfFile.getPdfFile({ schoolId, id });
    } catch (err) {
      const status = err instanceof TRPCError ? getHTTPStatusCodeFromError(err) : 500;
      if (status === 401 || status === 403 || status === 404) return refuse(reply, status);
      throw err;
    }
    const file = await findDoneFile(deps.db, proveSchoolId(schoolId), id);
    const opened = file?.filePath ? await storage.open(file.filePath) : null;
    if (!file || !opened) return refuse(reply, 404);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', opened.size)
      .header('content-disposition', `attachment; filename="${file.fileName ?? `${id}.pdf`}"`)
      .send(opened.stream);
  });
}
