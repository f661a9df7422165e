// GET /api/inspection-packs/:id — a finished pack's ZIP, as GET /api/files/:id serves a PDF (pdf/download.ts): the
// token only in the Authorization header; the caller proven a member of the pack's school by the ladder's gate for
// plain-HTTP routes with the permission of `inspectionPack.getPack` (admins only); another school's pack, an unknown id
// and a pack not DONE all answer 404 alike.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { httpStatusOf } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { FileStorage } from '../../pdf/storage.ts';
import { type AppDeps, bearerToken } from '../../trpc/context.ts';
import { proveSchoolRequest } from '../../trpc/procedures.ts';
import { findPack, findPackSchool } from './inspection-pack.queries.ts';
import { inspectionPackFileName } from './inspection-pack.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFUSALS = new Set([401, 403, 404]);

const refuse = (reply: FastifyReply, status: number) =>
  reply.code(status).send({ error: status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not found' });

export function registerInspectionPackDownload(app: FastifyInstance, deps: AppDeps, storage: FileStorage) {
  app.get<{ Params: { id: string } }>('/api/inspection-packs/:id', async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const token = bearerToken(req.headers.authorization);
    if (!token) return refuse(reply, 401);
    const { id } = req.params;
    if (!UUID.test(id)) return refuse(reply, 404);
    const packSchoolId = await findPackSchool(deps.db, id);
    if (!packSchoolId) return refuse(reply, 404);
    let schoolId: SchoolId;
    try {
      schoolId = (await proveSchoolRequest(deps, token, packSchoolId, 'inspectionPack.getPack')).school.id;
    } catch (err) {
      const status = httpStatusOf(err);
      if (!REFUSALS.has(status)) throw err;
      return refuse(reply, status);
    }
    const pack = await findPack(deps.db, schoolId, id);
    const opened = pack?.status === 'DONE' && pack.filePath ? await storage.open(pack.filePath) : null;
    if (!pack || !opened) return refuse(reply, 404);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', opened.size)
      .header('content-disposition', `attachment; filename="${inspectionPackFileName(pack)}"`)
      .send(opened.stream);
  });
}
