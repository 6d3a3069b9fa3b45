import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * STYLE.md rule 5: a module's SQL names only the tables it owns; anything else goes through the
 * owning module's service. The lint rule keeps other modules' repositories out; this keeps their
 * tables out of the SQL text.
 */

const modulesDir = import.meta.dirname;
const migrationsDir = path.join(modulesDir, '..', 'database', 'migrations');

/** Every table and who owns it: a module folder, or the code outside `modules/` named here. */
const OWNERS: Record<string, string> = {
  users: 'users',
  email_tokens: 'auth',
  otp_codes: 'auth',
  pending_registrations: 'auth',
  audit_log: 'audit',
  products: 'catalog',
  items: 'catalog',
  coupons: 'coupons',
  coupon_user_uses: 'coupons',
  supplier_purchases: 'delivery',
  gallery_images: 'gallery',
  ledger_entries: 'ledger',
  ledger_movements: 'ledger',
  idempotency_keys: 'ledger',
  outgoing_mail: 'notifications',
  admin_alerts: 'operations',
  orders: 'orders',
  order_tallies: 'orders',
  order_tally_changes: 'orders',
  saved_players: 'saved-players',
  referral_codes: 'referrals',
  referrals: 'referrals',
  referral_devices: 'referrals',
  wallet_transactions: 'wallet',
  wallet_transaction_tallies: 'wallet',
  wallet_transaction_tally_changes: 'wallet',
  scheduled_runs: 'src/jobs',
  leases: 'src/database',
  sandbox_messages: 'src/sandbox',
  sandbox_moogold_orders: 'src/sandbox',
  sandbox_smileone_orders: 'src/sandbox',
  sandbox_supplier_balances: 'src/sandbox',
  sandbox_supplier_controls: 'src/sandbox',
  sandbox_upi_orders: 'src/sandbox',
};

/**
 * The few statements that still name another module's table, each for a reason. Anything added
 * here reads; the one write is the ledger's, on the balance columns it alone keeps.
 */
const ALLOWED: Array<{ file: string; table: string; why: string }> = [
  {
    file: 'ledger/ledger.service.ts',
    table: 'users',
    why: "`balance` and `points` are the ledger's cached sums (DESIGN, money): written only by LedgerService.post in the movement's transaction with the guard against going negative, and read by its invariant check",
  },
  {
    file: 'operations/metrics.collector.ts',
    table: 'orders',
    why: 'read-only gauges for /metrics, counted across the whole table',
  },
  {
    file: 'operations/metrics.collector.ts',
    table: 'supplier_purchases',
    why: 'read-only gauges for /metrics, counted across the whole table',
  },
  {
    file: 'operations/alert-checks.service.ts',
    table: 'orders',
    why: 'read-only monitoring: counts of stuck orders that raise an admin alert',
  },
  {
    file: 'operations/alert-checks.service.ts',
    table: 'supplier_purchases',
    why: 'read-only monitoring: counts of unsettled supplier purchases that raise an admin alert',
  },
  {
    file: 'audit/audit-log.repository.ts',
    table: 'users',
    why: "read-only report: the admin's audit list shows who acted by name",
  },
  {
    file: 'operations/retention.service.ts',
    table: 'sandbox_messages',
    why: 'the sandbox outbox table exists in every deployment but its code is loaded only outside production, so the retention sweep purges it',
  },
  {
    file: 'saved-players/saved-players.repository.ts',
    table: 'users',
    why: 'read-only join from the numeric userid of the route to the owner of the rows',
  },
  {
    file: 'saved-players/saved-players.repository.ts',
    table: 'products',
    why: 'read-only join for the product name shown beside each saved player',
  },
];

const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|USING|TABLE)\s+([a-z_]+)\b/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** The text of every string and template literal in a file (comments and code left out). */
function literals(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      found.push(
        [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' '),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `module/file.ts` and the tables its SQL names. */
function tablesNamed(): Array<{ file: string; module: string; table: string }> {
  const seen = new Set<string>();
  const result: Array<{ file: string; module: string; table: string }> = [];
  for (const full of sourceFiles(modulesDir)) {
    const file = path.relative(modulesDir, full).split(path.sep).join('/');
    for (const text of literals(full)) {
      for (const [, table] of text.matchAll(SQL_TABLE)) {
        if (!(table in OWNERS) || seen.has(`${file} ${table}`)) continue;
        seen.add(`${file} ${table}`);
        result.push({ file, module: file.split('/')[0], table });
      }
    }
  }
  return result;
}

describe('table ownership', () => {
  const named = tablesNamed();

  it('knows the owner of every table the migrations create', () => {
    const created = fs
      .readdirSync(migrationsDir)
      .flatMap((name) => [
        ...fs.readFileSync(path.join(migrationsDir, name), 'utf8').matchAll(/CREATE TABLE (\w+)/g),
      ])
      .map(([, table]) => table);
    expect(created.filter((table) => !(table in OWNERS))).toEqual([]);
  });

  it('finds the SQL it checks (the scan itself works)', () => {
    expect(named).toContainEqual({
      file: 'orders/orders.repository.ts',
      module: 'orders',
      table: 'orders',
    });
    expect(named).toContainEqual({
      file: 'ledger/ledger.service.ts',
      module: 'ledger',
      table: 'users',
    });
  });

  it("has no module naming another module's table outside the reasoned allow-list", () => {
    const allowed = new Set(ALLOWED.map(({ file, table }) => `${file} ${table}`));
    const crossings = named
      .filter(({ module, table }) => OWNERS[table] !== module)
      .map(({ file, table }) => `${file} ${table}`)
      .filter((crossing) => !allowed.has(crossing));
    expect(crossings).toEqual([]);
  });

  it("loads no other module's TypeORM entity (only its types)", () => {
    const loaded = sourceFiles(modulesDir).flatMap((full) => {
      const file = path.relative(modulesDir, full).split(path.sep).join('/');
      const source = ts.createSourceFile(
        full,
        fs.readFileSync(full, 'utf8'),
        ts.ScriptTarget.Latest,
      );
      return source.statements.filter(ts.isImportDeclaration).flatMap((declaration) => {
        const from = (declaration.moduleSpecifier as ts.StringLiteral).text;
        const owner = /^\.\.\/([^/]+)\/entities\//.exec(from)?.[1];
        const clause = declaration.importClause;
        if (!owner || owner === file.split('/')[0] || !clause || clause.isTypeOnly) return [];
        const names =
          clause.namedBindings && ts.isNamedImports(clause.namedBindings)
            ? clause.namedBindings.elements
            : [];
        return names
          .filter((name) => !name.isTypeOnly && name.name.text.endsWith('Entity'))
          .map((name) => `${file} ${name.name.text}`);
      });
    });
    expect(loaded).toEqual([]);
  });

  it('keeps no allow-list entry that is no longer needed', () => {
    const present = new Set(named.map(({ file, table }) => `${file} ${table}`));
    expect(
      ALLOWED.map(({ file, table }) => `${file} ${table}`).filter((entry) => !present.has(entry)),
    ).toEqual([]);
  });
});
