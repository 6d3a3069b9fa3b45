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

  it('is empty without conditions', () => {
    expect(String(new SqlWhere())).toBe('');
  });
});
