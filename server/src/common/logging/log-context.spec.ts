import { ClsServiceManager } from 'nestjs-cls';
import pino from 'pino';
import { Writable } from 'node:stream';
import { LogContext } from './log-context.js';
import { pinoOptions } from './logging.module.js';

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino(pinoOptions({ logLevel: 'info', role: 'api' }), sink);
  return { logger, lines };
}

describe('log fields of a request or job', () => {
  const context = new LogContext(ClsServiceManager.getClsService());

  it('every line in the context carries them, with what the code bound on the way', () => {
    const { logger, lines } = capturingLogger();
    context.run({ reqId: 'req-1' }, () => {
      logger.info('first');
      context.bind({ orderid: 'ZS1' });
      logger.info('second');
    });
    logger.info('outside');
    expect(lines.map(({ msg, reqId, orderid }) => ({ msg, reqId, orderid }))).toEqual([
      { msg: 'first', reqId: 'req-1', orderid: undefined },
      { msg: 'second', reqId: 'req-1', orderid: 'ZS1' },
      { msg: 'outside', reqId: undefined, orderid: undefined },
    ]);
  });

  it("a line's own fields stay on that line", () => {
    const { logger, lines } = capturingLogger();
    context.run({ reqId: 'req-2' }, () => {
      logger.warn({ statusCode: 502, supplier: 'smileone' }, 'supplier refused');
      logger.info('next');
    });
    expect(lines[0]).toMatchObject({ reqId: 'req-2', statusCode: 502, supplier: 'smileone' });
    expect(lines[1]).toMatchObject({ reqId: 'req-2', msg: 'next' });
    expect(lines[1]).not.toHaveProperty('statusCode');
    expect(lines[1]).not.toHaveProperty('supplier');
  });

  it('fields bound inside a nested context (a transaction) stay for the rest of the request', () => {
    const { logger, lines } = capturingLogger();
    const cls = ClsServiceManager.getClsService();
    context.run({ reqId: 'req-3' }, () => {
      cls.run({ ifNested: 'inherit' }, () => context.bind({ orderid: 'ZS3' }));
      logger.info('after the transaction');
    });
    expect(lines[0]).toMatchObject({ reqId: 'req-3', orderid: 'ZS3' });
  });
});
