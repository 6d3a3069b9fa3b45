/**
 * RELIABILITY F4 at the HTTP edge: a process stopped while it waits for a supplier, and woken
 * after the supplier's answer arrived and its timeout passed, reads that answer instead of
 * declaring the outcome unknown. The stop lands at an exact point: when the supplier has the
 * request in hand and has not answered yet.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';

const supplierHttp = path.resolve('server/dist/providers/supplier-http.js');

/** A child process that makes one supplier call and prints its outcome as JSON. */
function callFromChild(url: string, timeoutMs: number) {
  const script = `
    const { supplierPost } = await import(${JSON.stringify(supplierHttp)});
    try {
      const answer = await supplierPost('smileone', 'createorder', ${JSON.stringify(url)}, {
        headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: ${timeoutMs},
      });
      console.log(JSON.stringify({ ok: true, json: answer.json }));
    } catch (error) {
      console.log(JSON.stringify({ ok: false, error: error.constructor.name, message: error.message }));
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const outcome = new Promise<Record<string, unknown>>((resolve) =>
    child.once('exit', () => resolve(JSON.parse(output.trim()) as Record<string, unknown>)),
  );
  return { child, outcome };
}

describe('a supplier call in a process paused past its timeout', () => {
  it('reads the answer that arrived while it was stopped', async () => {
    let requestArrived!: (reply: http.ServerResponse) => void;
    const arrived = new Promise<http.ServerResponse>((resolve) => (requestArrived = resolve));
    const supplier = http.createServer((request, reply) => {
      request.resume();
      requestArrived(reply);
    });
    await new Promise<void>((resolve) => supplier.listen(0, '127.0.0.1', resolve));
    const { port } = supplier.address() as net.AddressInfo;

    const { child, outcome } = callFromChild(`http://127.0.0.1:${port}/createorder`, 1_000);
    try {
      const reply = await arrived;
      child.kill('SIGSTOP');
      reply.setHeader('content-type', 'application/json');
      reply.end('{"status":200,"message":"success","order_id":"S123"}');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      child.kill('SIGCONT');
      expect(await outcome).toEqual({
        ok: true,
        json: { status: 200, message: 'success', order_id: 'S123' },
      });
    } finally {
      child.kill('SIGKILL');
      supplier.closeAllConnections();
      await new Promise((resolve) => supplier.close(resolve));
    }
  });
});
