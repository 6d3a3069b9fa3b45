/** Builds a parameterised WHERE clause for the admin lists, one condition at a time. */
export class SqlFilter {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  constructor(...always: string[]) {
    this.conditions.push(...always);
  }

  /** `condition` receives the placeholder (`$n`) bound to `value`. */
  add(condition: (placeholder: string) => string, value: unknown) {
    this.params.push(value);
    this.conditions.push(condition(`$${this.params.length}`));
    return this;
  }

  get where() {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }

  /** Placeholders for LIMIT and OFFSET after the filter's own. */
  page(limit: number, offset: number) {
    return {
      sql: `LIMIT $${this.params.length + 1} OFFSET $${this.params.length + 2}`,
      params: [...this.params, limit, offset],
    };
  }
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
