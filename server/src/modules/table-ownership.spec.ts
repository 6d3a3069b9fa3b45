import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { DataSource } from 'typeorm';
import { SnakeNamingStrategy } from '../database/naming-strategy.js';
import { storeEntities } from '../entities.js';

/**
 * STYLE.md rule 5: a module reads and writes only the tables it owns; anything else goes through
 * the owning module's service. The owner of a table is the folder of its entity file: a module
 * under `modules/`, or the folder of `src/` holding it (`src/jobs`, `src/database`,
 * `src/sandbox`). A module's code loads only its own entities (repositories, query builder), and
 * the raw SQL that remains names only its own tables.
 */

const srcDir = path.join(import.meta.dirname, '..');
const migrationsDir = path.join(srcDir, 'database', 'migrations');
const entitiesFile = path.join(srcDir, 'entities.ts');

/** `ledger/ledger.service.ts` for a module's file, `src/jobs/job-worker.service.ts` otherwise. */
function displayName(full: string) {
  const relative = path.relative(srcDir, full).split(path.sep).join('/');
  return relative.startsWith('modules/') ? relative.slice('modules/'.length) : `src/${relative}`;
}

/** The module a file belongs to: `ledger`, or `src/jobs` outside `modules/`. */
function moduleOf(full: string) {
  const parts = displayName(full).split('/');
  return parts[0] === 'src' ? `src/${parts[1]}` : parts[0];
}

/** The source file of each entity class, from the registry's imports. */
function entityFiles(): Map<string, string> {
  const source = ts.createSourceFile(
    entitiesFile,
    fs.readFileSync(entitiesFile, 'utf8'),
    ts.ScriptTarget.Latest,
  );
  const files = new Map<string, string>();
  for (const declaration of source.statements.filter(ts.isImportDeclaration)) {
    const from = (declaration.moduleSpecifier as ts.StringLiteral).text;
    const bindings = declaration.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      files.set(element.name.text, path.join(srcDir, from.replace(/\.js$/, '.ts')));
    }
  }
  return files;
}

/** Every table with an entity and its owner, from the entity metadata (nothing connects). */
async function tableOwners(): Promise<Map<string, string>> {
  const dataSource = new DataSource({
    type: 'postgres',
    entities: storeEntities,
    namingStrategy: new SnakeNamingStrategy(),
  });
  await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
  const files = entityFiles();
  const owners = new Map<string, string>();
  for (const metadata of dataSource.entityMetadatas) {
    const name = (metadata.target as { name: string }).name;
    const file = files.get(name);
    if (!file) throw new Error(`${name} is in storeEntities but not imported by entities.ts`);
    owners.set(metadata.tableName, moduleOf(file));
  }
  return owners;
}

/** Every table the migrations create. */
function createdTables(): string[] {
  return fs
    .readdirSync(migrationsDir)
    .flatMap((name) => [
      ...fs.readFileSync(path.join(migrationsDir, name), 'utf8').matchAll(/CREATE TABLE (\w+)/g),
    ])
    .map(([, table]) => table);
}

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
    table: 'pack_tallies',
    why: "read-only gauges for /metrics, from delivery's running tally of packs",
  },
  {
    file: 'operations/metrics.collector.ts',
    table: 'pack_tally_changes',
    why: "read-only gauges for /metrics: the tally's changes delivery's sweep has not folded yet",
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
  {
    file: 'reseller-api/reseller-keys.service.ts',
    table: 'users',
    why: "read-only: every signed request reads its key and its reseller's role, block and invoice details in one statement, on the path whose throughput is held to the storefront's",
  },
  {
    file: 'invoices/tax-documents.repository.ts',
    table: 'users',
    why: "read-only: a UPI payment settled after checkout invoices the buyer's name, e-mail and GSTIN as they are then, in one statement with the product's category",
  },
  {
    file: 'invoices/tax-documents.repository.ts',
    table: 'products',
    why: "read-only: the product's category picks the SAC and GST rate of the invoice",
  },
];

const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|USING|TABLE)\s+([a-z_]+)\b/g;

/** The store's code: everything in `src/` but the migrations, the specs and the registry. */
function sourceFiles(dir = srcDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === migrationsDir ? [] : sourceFiles(full);
    const code = entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts');
    return code && full !== entitiesFile ? [full] : [];
  });
}

/** The text of every string and template literal in a file (comments and code left out). */
function literals(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push(node.text);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      /Join$/.test(node.expression.name.text) &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      // A query builder's join by table name (`.leftJoin('users', ...)`) names that table too.
      found.push(`JOIN ${node.arguments[0].text}`);
    }
    if (ts.isTemplateExpression(node)) {
      found.push(
        [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' '),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Each file and the tables its SQL names, among those given. */
function tablesNamed(tables: Set<string>): Array<{ file: string; module: string; table: string }> {
  const seen = new Set<string>();
  const result: Array<{ file: string; module: string; table: string }> = [];
  for (const full of sourceFiles()) {
    const file = displayName(full);
    for (const text of literals(full)) {
      for (const [, table] of text.matchAll(SQL_TABLE)) {
        if (!tables.has(table) || seen.has(`${file} ${table}`)) continue;
        seen.add(`${file} ${table}`);
        result.push({ file, module: moduleOf(full), table });
      }
    }
  }
  return result;
}

/** Each file's value imports of an entity class, with the module owning that entity's file. */
function entitiesLoaded(): Array<{ file: string; module: string; entity: string; owner: string }> {
  return sourceFiles().flatMap((full) => {
    const source = ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest);
    return source.statements.filter(ts.isImportDeclaration).flatMap((declaration) => {
      const from = (declaration.moduleSpecifier as ts.StringLiteral).text;
      const clause = declaration.importClause;
      if (!from.endsWith('.entity.js') || !clause || clause.isTypeOnly) return [];
      const owner = moduleOf(path.resolve(path.dirname(full), from.replace(/\.js$/, '.ts')));
      const names =
        clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements
          : [];
      return names
        .filter((name) => !name.isTypeOnly && name.name.text.endsWith('Entity'))
        .map((name) => ({
          file: displayName(full),
          module: moduleOf(full),
          entity: name.name.text,
          owner,
        }));
    });
  });
}

describe('table ownership', () => {
  let owners: Map<string, string>;
  let named: Array<{ file: string; module: string; table: string }>;

  beforeAll(async () => {
    owners = await tableOwners();
    named = tablesNamed(new Set(owners.keys()));
  });

  it('reads the owner of each table from the folder of its entity', () => {
    expect(owners.get('orders')).toBe('orders');
    expect(owners.get('ledger_entries')).toBe('ledger');
    expect(owners.get('scheduled_runs')).toBe('src/jobs');
    expect(owners.get('leases')).toBe('src/database');
    expect(owners.get('sandbox_upi_orders')).toBe('src/sandbox');
    // Tables still without an entity are listed by test/e2e/entity-drift.e2e-spec.ts.
    expect([...owners.keys()].filter((table) => !createdTables().includes(table))).toEqual([]);
  });

  it('finds the SQL it checks (the scan itself works)', () => {
    expect(named).toContainEqual({
      file: 'ledger/ledger.service.ts',
      module: 'ledger',
      table: 'users',
    });
    expect(named).toContainEqual({
      file: 'src/database/lease.ts',
      module: 'src/database',
      table: 'leases',
    });
  });

  it("has no module naming another module's table outside the reasoned allow-list", () => {
    const allowed = new Set(ALLOWED.map(({ file, table }) => `${file} ${table}`));
    const crossings = named
      .filter(({ module, table }) => owners.get(table) !== module)
      .map(({ file, table }) => `${file} ${table}`)
      .filter((crossing) => !allowed.has(crossing));
    expect(crossings).toEqual([]);
  });

  it("loads no other module's entity (repositories and queries only on its own tables)", () => {
    const loaded = entitiesLoaded();
    expect(loaded.length).toBeGreaterThan(0);
    expect(
      loaded
        .filter(({ module, owner }) => module !== owner)
        .map(({ file, entity }) => `${file} ${entity}`),
    ).toEqual([]);
  });

  it('keeps no allow-list entry that is no longer needed', () => {
    const present = new Set(named.map(({ file, table }) => `${file} ${table}`));
    expect(
      ALLOWED.filter(({ table }) => owners.has(table))
        .map(({ file, table }) => `${file} ${table}`)
        .filter((entry) => !present.has(entry)),
    ).toEqual([]);
  });
});
