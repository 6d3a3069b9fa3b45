import { Writable } from 'node:stream';
import { prettyLine, terminalDestination } from './terminal-lines.js';

describe('log lines in a terminal', () => {
  it('shows a request as one short line: time, method, path, status and duration', () => {
    const json = JSON.stringify({
      level: 'info',
      time: '2026-11-26T13:39:16.607Z',
      role: 'all',
      pid: 1,
      reqId: 'abc',
      method: 'GET',
      url: '/api/product/gethomeproducts',
      statusCode: 200,
      responseTime: 12,
      msg: 'request completed',
    });
    expect(prettyLine(json)).toBe('13:39:16 GET /api/product/gethomeproducts 200 12 ms');
  });

  it('shows other lines with their level, context and message, and keeps non-JSON as it is', () => {
    const json = JSON.stringify({
      level: 'warn',
      time: '2026-11-26T13:39:16.607Z',
      context: 'Worker',
      msg: 'job failed (attempt 1)',
    });
    expect(prettyLine(json)).toBe('13:39:16 WARN  [Worker] job failed (attempt 1)');
    expect(prettyLine('plain text')).toBe('plain text');
  });

  it('writes JSON unchanged when the output is not a terminal', () => {
    const sink = Object.assign(new Writable({ write: (_c, _e, done) => done() }), {
      isTTY: false,
    });
    expect(terminalDestination(sink)).toBe(sink);
  });
});
