import type { Db, Tx } from './client';

/**
 * A statement the hot paths run on every request (the access guard's account lookup, the data version),
 * built by Drizzle once per database handle instead of on every call, and run by name.
 *
 * Why (issue 10): building a query with Drizzle's builder and mapping it back cost ~140 µs of JavaScript
 * per statement on the bench machine (234 µs for a one-row lookup by primary key, against 93 µs prepared),
 * and a console request ran three or four such statements besides its own: that overhead, not SQL, was most
 * of the time of the sub-millisecond calls. On PostgreSQL the name makes node-postgres parse the statement
 * once per pooled connection (a fresh connection after a restart parses it again); PGlite ignores the name.
 *
 * `name` must be unique in the process and always go with the same SQL (node-postgres refuses a name
 * reused for another text). Use `sql.placeholder('…')` for the values; `build` must not capture any.
 * A transaction gets its own copy (it must run on the transaction's connection), kept while it lives.
 */
export function preparedStatement<P>(name: string, build: (db: Db | Tx, name: string) => P) {
  const byHandle = new WeakMap<Db | Tx, P>();
  return (db: Db | Tx): P => {
    let statement = byHandle.get(db);
    if (statement === undefined) {
      statement = build(db, name);
      byHandle.set(db, statement);
    }
    return statement;
  };
}

/**
 * preparedStatement for statements whose text depends on a key (a list and an order, a level of places): one
 * prepared statement per key, made the first time the key is asked for, named `${prefix}_${key}`. Keys come from
 * small fixed sets (a list, an order validated against the contract's enum, a level), never free text.
 */
export function preparedPerKey<K extends string, P>(
  prefix: string,
  build: (db: Db | Tx, key: K, name: string) => P,
) {
  const byKey = new Map<K, (db: Db | Tx) => P>();
  return (key: K, db: Db | Tx): P => {
    let statement = byKey.get(key);
    if (statement === undefined) {
      statement = preparedStatement(`${prefix}_${key}`, (handle, name) => build(handle, key, name));
      byKey.set(key, statement);
    }
    return statement(db);
  };
}
