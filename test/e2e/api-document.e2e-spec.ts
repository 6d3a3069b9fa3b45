import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../utils/app.js';

type Schema = { $ref?: string; allOf?: Schema[] };
type Response = { content?: Record<string, { schema?: Schema }> };
interface Operation {
  summary?: string;
  tags?: string[];
  description?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: Record<string, unknown>[];
  responses: Record<string, Response>;
  /** Every error answered alike (a provider's webhook), so no error status to document. */
  'x-zstore-error-answer'?: string;
}
interface ApiDocument {
  servers?: { url: string }[];
  info: { license?: { name: string }; contact?: { name: string } };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[] }> };
}

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: unknown[] }[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

function operations(document: ApiDocument) {
  return Object.entries(document.paths).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${route}`, operation })),
  );
}

/** Runs the Redocly CLI with the repository's redocly.yaml on the document, offline. */
function redoclyLint(file: string): LintReport {
  const result = spawnSync(
    process.execPath,
    [
      path.resolve('node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      path.resolve('redocly.yaml'),
      '--format',
      'json',
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const json = result.stdout.slice(result.stdout.indexOf('{'));
  if (!json) throw new Error(`redocly lint printed no report:\n${result.stderr}`);
  return JSON.parse(json) as LintReport;
}

describe('the API document at /api/docs-json', () => {
  let app: TestApp;
  let document: ApiDocument;
  let file: string;
  beforeAll(async () => {
    app = await startTestApp();
    document = (await app.http().get('/api/docs-json').expect(200)).body as ApiDocument;
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zstore-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
  });
  afterAll(async () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    await app.close();
  });

  it('passes redocly lint (recommended rules, redocly.yaml) with no error or warning', () => {
    const report = redoclyLint(file);
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names the servers, the licence and a contact', () => {
    expect(document.servers?.[0]?.url).toBe(app.config.publicUrl);
    expect(document.info.license?.name).toBeTruthy();
    expect(document.info.contact?.name).toBeTruthy();
  });

  it('gives every operation a summary, a tag and its security: none, or the bearer token', () => {
    for (const { name, operation } of operations(document)) {
      expect({ name, summary: Boolean(operation.summary) }).toEqual({ name, summary: true });
      expect({ name, tags: operation.tags?.length }).toEqual({ name, tags: 1 });
      // Public operations say `security: []`; the others require the bearer token.
      const security = operation.security?.map((requirement) => Object.keys(requirement));
      expect({ name, security: security?.length ? security : 'public' }).toEqual({
        name,
        security: security?.length ? [['bearer']] : 'public',
      });
      expect({ name, declared: Array.isArray(operation.security) }).toEqual({
        name,
        declared: true,
      });
      const bearer = Boolean(security?.length);
      if (bearer) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401']));
      if (operation.tags![0].startsWith('Admin:')) {
        expect({ name, description: operation.description }).toEqual({
          name,
          description: expect.stringContaining('Admin only'),
        });
      }
    }
    expect(document.paths['/api/auth/login'].post.security).toEqual([]);
    expect(document.paths['/api/order/createOrder'].post.security).toEqual([{ bearer: [] }]);
  });

  it('documents a success answer, and each error answer with the shared { message, code } body', () => {
    expect(document.components.schemas.ErrorBody.required).toEqual(['message', 'code']);
    for (const { name, operation } of operations(document)) {
      const statuses = Object.keys(operation.responses);
      const redirectOnly = statuses.every((status) => status.startsWith('3'));
      if (!redirectOnly) {
        expect({ name, success: statuses.some((s) => s.startsWith('2')) }).toEqual({
          name,
          success: true,
        });
      }
      const takesInput =
        Boolean(operation.parameters?.length) ||
        Boolean(operation.requestBody) ||
        Boolean(operation.security?.length);
      const errors = statuses.filter((status) => Number(status) >= 400);
      if (takesInput && !operation['x-zstore-error-answer']) {
        expect({ name, errors: errors.length > 0 }).toEqual({ name, errors: true });
      }
      for (const status of errors) {
        const schema = operation.responses[status].content?.['application/json']?.schema;
        const ref = schema?.allOf?.[0]?.$ref ?? '';
        expect({ name, status, ref }).toEqual({
          name,
          status,
          ref: expect.stringMatching(/^#\/components\/schemas\/(ErrorBody\w*|OtpErrorBody)$/),
        });
      }
    }
  });

  it('carries msg or error in the error body where the route’s clients read them', () => {
    const body = (route: string, method: string, status: string) =>
      document.paths[route][method].responses[status].content!['application/json'].schema!.allOf![0]
        .$ref;
    expect(body('/api/auth/login', 'post', '404')).toBe('#/components/schemas/ErrorBodyWithMsg');
    expect(body('/api/order/createOrder', 'post', '409')).toBe(
      '#/components/schemas/ErrorBodyWithError',
    );
    expect(body('/api/order/createWalletOrder', 'post', '409')).toBe(
      '#/components/schemas/ErrorBodyWithMsg',
    );
    expect(body('/api/otp/verify-otp', 'post', '400')).toBe('#/components/schemas/OtpErrorBody');
    expect(body('/api/wallet/topup', 'post', '422')).toBe('#/components/schemas/ErrorBody');
  });

  it('shows the DTO that checks each catalogue and coupon form', () => {
    const forms: Array<[string, string, string, string[]]> = [
      ['/api/admin/createproduct', 'post', 'ProductWriteDto', ['name', 'type', 'inputs']],
      ['/api/admin/rest/products', 'post', 'ProductWriteDto', ['name', 'type', 'inputs']],
      ['/api/admin/editproduct/{_id}', 'post', 'ProductEditDto', []],
      ['/api/admin/rest/products/{id}', 'put', 'ProductEditDto', []],
      ['/api/admin/updateproduct', 'post', 'ProductStockUpdateDto', ['_id']],
      ['/api/admin/createitem', 'post', 'ItemWriteDto', ['name', 'originalprice']],
      ['/api/admin/rest/items', 'post', 'ItemWriteDto', ['name', 'originalprice']],
      ['/api/admin/edititem/{itemid}', 'post', 'ItemEditDto', []],
      ['/api/admin/rest/items/{id}', 'put', 'ItemEditDto', []],
      ['/api/admin/updateitem/{_id}', 'post', 'ItemPriceUpdateDto', []],
      ['/api/admin/createcoupon', 'post', 'CouponWriteDto', ['couponCode', 'expiryDate']],
      ['/api/admin/rest/coupons', 'post', 'CouponWriteDto', ['couponCode', 'expiryDate']],
      ['/api/admin/editcoupon/{_id}', 'post', 'CouponEditDto', []],
      ['/api/admin/rest/coupons/{id}', 'put', 'CouponEditDto', []],
    ];
    const schemas = document.components.schemas as Record<
      string,
      { required?: string[]; properties?: Record<string, unknown> }
    >;
    for (const [route, method, dto, required] of forms) {
      const body = document.paths[route][method].requestBody as {
        content: Record<string, { schema: Schema }>;
      };
      expect({ route, ref: body.content['application/json'].schema.$ref }).toEqual({
        route,
        ref: `#/components/schemas/${dto}`,
      });
      expect(Object.keys(schemas[dto].properties ?? {}).length).toBeGreaterThan(0);
      expect(schemas[dto].required ?? []).toEqual(expect.arrayContaining(required));
      if (!required.length) expect({ dto, required: schemas[dto].required }).toEqual({ dto });
    }
  });

  it('answers a documented error with that body and one of the documented codes', async () => {
    const login = document.paths['/api/auth/login'].post.responses['404'];
    const response = await app
      .http()
      .post('/api/auth/login')
      .send({ email: 'nobody@example.com', password: 'Whatever@123' })
      .expect(404);
    expect(response.body).toEqual({
      message: expect.any(String),
      code: 'USER_NOT_FOUND',
      msg: response.body.message,
    });
    expect(JSON.stringify(login)).toContain('USER_NOT_FOUND');
  });
});
