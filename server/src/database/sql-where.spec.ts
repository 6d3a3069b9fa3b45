import { SqlWhere } from './sql-where.js';

describe('SqlWhere', () => {
  it('numbers the parameters in the order the conditions were added', () => {
    const where = new SqlWhere()
      .and('status = $?', 'Processing')
      .and('(orderid ILIKE $? OR useremail ILIKE $?)', '%a%', '%b%');
    expect(`${where} LIMIT ${where.bind(10)}`).toBe(
      'WHERE status = $1 AND (orderid ILIKE $2 OR useremail ILIKE $3) LIMIT $4',
    );
    expect(where.params).toEqual(['Processing', '%a%', '%b%', 10]);
  });

  it('pages after the conditions, leaving their parameters for a count query', () => {
    const where = new SqlWhere().and('deleted_at IS NULL').and('name ILIKE $?', '%x%');
    expect(where.page(25, 50)).toEqual({ sql: 'LIMIT $2 OFFSET $3', params: ['%x%', 25, 50] });
    expect(where.params).toEqual(['%x%']);
  });

  it('is empty without conditions', () => {
    expect(String(new SqlWhere())).toBe('');
  });
});
