import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';

export const MOOGOLD_API_PREFIX = '/sandbox/moogold/wp-json/';
const SUPPLIER_PREFIXES = ['/sandbox/smileone/', '/sandbox/moogold/'];
const RAW = Symbol('moogold-raw-body');

/** The exact body bytes of a call to the MooGold simulator, as its signature covers them. */
export function rawBodyOf(request: FastifyRequest): string | undefined {
  return (request as unknown as Record<symbol, string | undefined>)[RAW];
}

/** Answers the simulators are holding back, per HTTP server, so a shutdown can let them go. */
const held = new WeakMap<object, Set<() => void>>();
/** Connections with a simulator call not yet answered, per HTTP server. */
const unanswered = new WeakMap<object, Set<Socket>>();
/** Connections opened that have not sent a request yet, per HTTP server. */
const unused = new WeakMap<object, Set<Socket>>();

/**
 * Waits `ms` before the simulator answers (a slow or hung supplier). The wait ends early when
 * the caller hangs up or the server shuts down, so a store's shutdown never waits on an answer
 * nobody is reading.
 */
export function hold(request: FastifyRequest, _reply: FastifyReply, ms: number) {
  if (ms <= 0) return Promise.resolve();
  const socket = request.raw.socket;
  const server = (socket as { server?: object } | undefined)?.server ?? request.server;
  let waiting = held.get(server);
  if (!waiting) held.set(server, (waiting = new Set()));
  const pending = waiting;
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket?.off('close', done);
      pending.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    socket?.once('close', done);
    pending.add(done);
  });
}

/**
 * HTTP hooks the supplier simulators need, added while the application is built (before any
 * route): the MooGold simulator checks its HMAC over the raw body bytes, kept here before
 * Fastify parses the JSON (only for that path prefix); and held answers are released when the
 * server starts closing.
 */
@Injectable()
export class SupplierSimulatorHooks {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance?.<FastifyInstance>();
    if (!fastify || typeof fastify.addHook !== 'function') return;
    // Each answer closes its connection, and a connection still waiting for one when the server
    // closes is dropped (as a hung supplier's would be), so no simulator call outlives a store.
    const fresh = new Set<Socket>();
    unused.set(fastify.server, fresh);
    fastify.server.on('connection', (socket: Socket) => {
      fresh.add(socket);
      socket.once('close', () => fresh.delete(socket));
    });
    // Hooks that run on every request take a callback: an async hook costs a promise each time.
    fastify.addHook('onRequest', (request, reply, done) => {
      fresh.delete(request.raw.socket);
      if (SUPPLIER_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
        void reply.header('connection', 'close');
        const socket = request.raw.socket;
        let sockets = unanswered.get(fastify.server);
        if (!sockets) unanswered.set(fastify.server, (sockets = new Set()));
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      }
      done();
    });
    fastify.addHook('onResponse', (request, _reply, done) => {
      unanswered.get(fastify.server)?.delete(request.raw.socket);
      done();
    });
    fastify.addHook('preParsing', (request, _reply, payload, done) => {
      if (!request.url.startsWith(MOOGOLD_API_PREFIX)) return done(null, payload);
      keepRawBody(request, payload).then(
        (replay) => done(null, replay),
        (error: Error) => done(error),
      );
    });
    fastify.addHook('preClose', (done) => {
      const server: Server = fastify.server;
      for (const release of [...(held.get(server) ?? [])]) release();
      for (const socket of [...(unanswered.get(server) ?? [])]) socket.destroy();
      // A client that gave up on a held answer may leave a connection it never used, which
      // Node's close does not count as idle.
      for (const socket of [...(unused.get(server) ?? [])]) socket.destroy();
      done();
    });
  }
}

/** Reads the body, keeps its exact bytes for `rawBodyOf` and hands Fastify a replay of them. */
async function keepRawBody(request: FastifyRequest, payload: AsyncIterable<unknown>) {
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(Buffer.from(chunk as Buffer));
  const raw = Buffer.concat(chunks);
  (request as unknown as Record<symbol, string>)[RAW] = raw.toString('utf8');
  const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  replay.receivedEncodedLength = raw.length;
  return replay;
}
