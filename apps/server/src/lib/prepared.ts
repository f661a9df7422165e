/**
 * A hot statement prepared once per database and reused: no query building per request, and on PostgreSQL a named
 * statement the server parses once per connection. `build` must always make the same SQL text for its name.
 */
export function preparedPerDb<D extends object, P>(build: (db: D) => P): (db: D) => P {
  const cache = new WeakMap<D, P>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
