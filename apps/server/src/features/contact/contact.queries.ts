import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';

export async function insertContactMessage(db: DbOrTx, values: { email: string; message: string; userId: string | null }) {
  await db.insert(schema.contactMessages).values(values);
}
