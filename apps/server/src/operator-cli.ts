// `npm run operator -- add|remove|list [email]`: the only way an account gets the platform operator's tools
// (block a school, change its tier, notify anyone). No seeded or default account has them.
//   add <email>     an existing account becomes an operator; a new address gets a confirmed account and a one-time
//                   password printed here (change it with 'Zapomenuté heslo' after the first login)
//   remove <email>  takes the operator's tools away
//   list            prints the operators
// On the embedded database, stop the server first: PGlite is one process's database.
import { randomBytes } from 'node:crypto';
import { openDb, pgliteDir } from '@volant/db/client';
import { migrate } from '@volant/db/migrate';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config.ts';
import { hashPassword } from './lib/crypto.ts';
import { findUserForOperator, insertOperator, listOperators, setOperatorRole } from './features/operator/operator.queries.ts';

const usage = 'Usage: npm run operator -- add <email> | remove <email> | list';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (!['add', 'remove', 'list'].includes(command ?? '') || (command !== 'list' && !z.email().safeParse(email?.trim()).success)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir), poolSize: 1 });
  try {
    await migrate(handle);
    if (command === 'list') {
      const operators = await listOperators(handle.db);
      if (operators.length === 0) console.log('No operators.');
      for (const o of operators) console.log(`${o.email}${o.isActivated ? '' : ' (not confirmed)'}`);
      return 0;
    }
    const address = (email as string).trim().toLowerCase();
    if (command === 'remove') {
      if (!(await setOperatorRole(handle.db, address, false))) {
        console.error(`No account ${address}.`);
        return 1;
      }
      console.log(`${address} is no longer an operator.`);
      return 0;
    }
    const existing = await findUserForOperator(handle.db, address);
    if (existing) {
      if (!existing.isActivated) {
        console.error(`${address} has not confirmed its e-mail yet; confirm it first, then run this again.`);
        return 1;
      }
      await setOperatorRole(handle.db, address, true);
      console.log(`${address} is now an operator (its own password stays).`);
      return 0;
    }
    const password = `${randomBytes(12).toString('base64url')}!`;
    await insertOperator(handle.db, address, await hashPassword(password));
    console.log(`Operator account ${address} created.`);
    console.log(`Jednorázové heslo: ${password}`);
    console.log('Change it after the first login (Zapomenuté heslo on the login page).');
    return 0;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
}
