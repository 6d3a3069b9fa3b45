/**
 * The WHERE clause of a raw list query, built condition by condition with numbered parameters,
 * so filters never splice values into SQL.
 */
export class SqlWhere {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  /** Adds `condition`; each `$?` in it is bound to the next of `values`. */
  and(condition: string, ...values: unknown[]): this {
    let next = 0;
    this.conditions.push(
      condition.replace(/\$\?/g, () => {
        this.params.push(values[next++]);
        return `$${this.params.length}`;
      }),
    );
    return this;
  }

  /** The next parameter's placeholder, for LIMIT/OFFSET after the conditions. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  toString(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}
