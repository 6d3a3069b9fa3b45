/** How long an answer whose headers arrived in time may take to finish its body. */
const BODY_GRACE_MS = 1_000;

/**
 * A provider call's timeout that reads what already arrived before it gives up. A process that
 * was paused past the deadline (a stopped worker, a long GC) wakes with its timer due and the
 * supplier's answer waiting in the socket; Node runs due timers before it reads sockets, so a
 * plain `AbortSignal.timeout` would abort an answer that is already here and turn a confirmed
 * purchase into an unknown one. This deadline lets pending I/O run first.
 */
export class AnswerDeadline {
  private readonly controller = new AbortController();
  private headersArrived = false;
  private timer: NodeJS.Timeout;

  constructor(private readonly timeoutMs: number) {
    this.timer = setTimeout(() => this.expire(), timeoutMs);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The answer's status and headers arrived: only the body remains. */
  answered() {
    this.headersArrived = true;
  }

  /** The whole answer was read (or the call failed): nothing to abort any more. */
  finish() {
    clearTimeout(this.timer);
  }

  private expire() {
    // Twice through the check phase: socket reads of this loop turn, then the promise
    // continuations they resolved, come before the abort.
    setImmediate(() =>
      setImmediate(() => {
        if (!this.headersArrived) {
          this.controller.abort(timeoutError(this.timeoutMs));
          return;
        }
        this.timer = setTimeout(
          () => this.controller.abort(timeoutError(this.timeoutMs)),
          BODY_GRACE_MS,
        );
      }),
    );
  }
}

function timeoutError(ms: number) {
  return new DOMException(`no answer within ${ms} ms`, 'TimeoutError');
}

/** `fetch` and the whole body under an `AnswerDeadline`. */
export async function fetchText(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ response: Response; text: string }> {
  const deadline = new AnswerDeadline(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: deadline.signal });
    deadline.answered();
    return { response, text: await response.text() };
  } finally {
    deadline.finish();
  }
}
