import { Writable } from 'node:stream';

/** A log line as pino writes it; only the fields a person reads at a terminal. */
interface LogLine {
  level?: string;
  time?: string;
  context?: string;
  msg?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
}

/** HH:MM:SS of an ISO time, in UTC as the JSON lines give it. */
const clock = (time: string | undefined) => (time ? time.slice(11, 19) : '');

/** One JSON log line as a short line for people: a request as method, path, status and time. */
export function prettyLine(json: string): string {
  let line: LogLine;
  try {
    line = JSON.parse(json) as LogLine;
  } catch {
    return json;
  }
  if (line.method && line.url && line.statusCode !== undefined) {
    return `${clock(line.time)} ${line.method} ${line.url} ${line.statusCode} ${line.responseTime ?? 0} ms`;
  }
  const level = (line.level ?? 'info').toUpperCase().padEnd(5);
  const context = line.context ? `[${line.context}] ` : '';
  return `${clock(line.time)} ${level} ${context}${line.msg ?? ''}`;
}

/**
 * Where the logs go: JSON lines as they are (a file, a pipe, a log collector), unless the output
 * is a terminal (`npm start`), where each line is made short and readable.
 */
export function terminalDestination(
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): NodeJS.WritableStream {
  if (!out.isTTY) return out;
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${prettyLine(line)}\n`);
      done();
    },
  });
}
