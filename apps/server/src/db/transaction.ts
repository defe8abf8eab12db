import type { Db } from './client.ts';

/**
 * A repository's `transaction`: runs `work` in one transaction with the repository's queries bound to
 * it. Inside, use only the queries handed in: on PGlite (one connection) a query on the outer database
 * waits forever for the transaction that waits for it.
 */
export function transactionOf<Q>(db: Db, bind: (tx: Db) => Q) {
  return <T>(work: (queries: Q) => Promise<T>): Promise<T> => db.transaction((tx) => work(bind(tx)));
}
