import { withCompanions } from './statement.js';

describe('withCompanions', () => {
  it('puts each companion ahead of the statement, its parameters numbered after the ones before', () => {
    const merged = withCompanions(
      { sql: 'INSERT INTO a (x, y) VALUES ($1, $2) RETURNING *', parameters: [1, 2] },
      [
        { sql: 'INSERT INTO b (x) VALUES ($1)', parameters: ['b'] },
        { sql: 'INSERT INTO c (x, y) VALUES ($1, $2::int + $1)', parameters: ['c', 3] },
      ],
    );
    expect(merged.sql).toBe(
      'WITH companion_1 AS (INSERT INTO b (x) VALUES ($1)),\n' +
        'companion_2 AS (INSERT INTO c (x, y) VALUES ($2, $3::int + $2))\n' +
        'INSERT INTO a (x, y) VALUES ($4, $5) RETURNING *',
    );
    expect(merged.parameters).toEqual(['b', 'c', 3, 1, 2]);
  });

  it("joins the companions to a statement's own CTEs", () => {
    const merged = withCompanions(
      {
        sql: '  WITH moved AS (UPDATE a SET x = $1 RETURNING x) SELECT count(*) FROM moved',
        parameters: [5],
      },
      [{ sql: 'INSERT INTO b (x) VALUES ($1)', parameters: ['b'] }],
    );
    expect(merged.sql).toBe(
      'WITH companion_1 AS (INSERT INTO b (x) VALUES ($1)),\n' +
        'moved AS (UPDATE a SET x = $2 RETURNING x) SELECT count(*) FROM moved',
    );
    expect(merged.parameters).toEqual(['b', 5]);
  });

  it('leaves a statement without companions as it is', () => {
    const statement = { sql: 'SELECT $1', parameters: [1] };
    expect(withCompanions(statement, [])).toBe(statement);
  });
});
