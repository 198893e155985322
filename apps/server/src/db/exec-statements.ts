// Runs a script of several SQL statements one by one (PGlite's extended protocol takes one at a time).
import { sql, type Kysely } from 'kysely';

export async function execStatements(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
