import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';

export interface AuditEntry {
  schoolId: string | null;
  userId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  data?: unknown;
}

export async function audit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(schema.auditLog).values({ ...entry, entityId: entry.entityId ?? null, data: entry.data ?? null });
}
