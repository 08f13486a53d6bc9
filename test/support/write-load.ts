import { connect, type Socket } from 'node:net';

/** How one request sent under load ended. */
export type Outcome =
  /** A whole answer came back. */
  | { kind: 'answered'; status: number; closes: boolean }
  /**
   * Ended before the server had read a write: the connection was refused, or reset or closed
   * before the server said `100 Continue` to a new connection's write, or it was the read that
   * opens a kept-alive connection. Nothing was written, and the client knows it.
   */
  | { kind: 'untaken'; how: string }
  /**
   * A write reset, closed or left unanswered after the server had read it (a write on a
   * kept-alive connection, or a new connection's after its `100 Continue`): the client cannot
   * tell whether it was written.
   */
  | { kind: 'broken'; how: string; on: 'new connection' | 'kept-alive connection' };

export interface LoadTally {
  /** Writes answered whole. */
  answered: number;
  statuses: Record<number, number>;
  /** Writes answered on a kept-alive connection (a connection's second request or later). */
  keptAlive: number;
  /** Answers that said `Connection: close`. */
  closing: number;
  untaken: number;
  broken: Extract<Outcome, { kind: 'broken' }>[];
}

/** Longer than a stop may take (its 10 s bound): a request unanswered by then never will be. */
const ANSWER_WITHIN_MS = 15_000;

/**
 * Arrival check-ins, sent as fast as the server answers them by `fresh` clients (a new
 * connection for each write) and `keptAlive` clients (one connection for write after write, a
 * new one only when an answer says `Connection: close`), until every client has been refused
 * (the server stopped listening) or has met a broken request. Raw sockets, so nothing retries
 * behind the test's back and each request's end is seen exactly.
 *
 * Each new connection first learns whether the server has taken it, so that the one reset no
 * server can prevent is told apart: a connection the kernel completed but the server had not
 * yet accepted when it stopped listening, which the kernel resets. A fresh client's write says
 * `Expect: 100-continue` and sends its body only once the server, having read the head, answers
 * `100 Continue`; a kept-alive client opens with a read (`GET /healthz`), since Deno closes the
 * connection after answering a request that expected `100 Continue`.
 */
export function writeLoad(baseUrl: string, clients: { fresh: number; keptAlive: number }) {
  const { hostname, port } = new URL(baseUrl);
  const tally: LoadTally = { answered: 0, statuses: {}, keptAlive: 0, closing: 0, untaken: 0, broken: [] };
  let count = 0;
  const send = async (socket: Socket | undefined, how: Sending): Promise<Outcome> => {
    const outcome = socket ? await exchange(socket, how, hostname, `load-${process.pid}-${count++}`) : { kind: 'untaken' as const, how: 'refused' };
    if (outcome.kind === 'untaken') tally.untaken++;
    else if (outcome.kind === 'broken') tally.broken.push(outcome);
    else if (how !== 'opening read') {
      tally.answered++;
      tally.statuses[outcome.status] = (tally.statuses[outcome.status] ?? 0) + 1;
      if (how === 'later write') tally.keptAlive++;
      if (outcome.closes) tally.closing++;
    }
    return outcome;
  };

  /** Until refused: each write on a connection of its own. */
  const fresh = async () => {
    for (;;) {
      const socket = await opened(hostname, Number(port));
      const outcome = await send(socket, 'first write');
      socket?.destroy();
      if (outcome.kind !== 'answered') return;
    }
  };
  /** Until refused: write after write on one connection, while its answers keep it open. */
  const keptAlive = async () => {
    for (;;) {
      const socket = await opened(hostname, Number(port));
      let outcome = await send(socket, 'opening read');
      // A connection the server closed while idle is given up, as any client would: nothing was sent on it.
      while (outcome.kind === 'answered' && !outcome.closes && socket!.writable && !socket!.readableEnded) {
        outcome = await send(socket, 'later write');
      }
      socket?.destroy();
      if (outcome.kind !== 'answered') return;
    }
  };
  return {
    tally,
    /** Settles once every client has been refused, or has met a broken request. */
    finished: Promise.all([...Array.from({ length: clients.fresh }, fresh), ...Array.from({ length: clients.keptAlive }, keptAlive)]).then(() => tally),
  };
}

type Sending = 'first write' | 'opening read' | 'later write';

function request(how: Sending, host: string, key: string): { head: string; body?: string } {
  if (how === 'opening read') return { head: `GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n` };
  const body = JSON.stringify({ displayName: 'Load', model: 'unknown', sentBy: 'the shutdown test', purpose: 'Writing while the server stops.', operatorAuthorized: true });
  const head = ['POST /api/arrival HTTP/1.1', `Host: ${host}`, 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, `Idempotency-Key: ${key}`];
  if (how === 'first write') head.push('Expect: 100-continue');
  return { head: `${head.join('\r\n')}\r\n\r\n`, body };
}

/** A connected socket, or undefined when nothing took the connection (refused, or reset in the handshake). */
function opened(host: string, port: number): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, noDelay: true });
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', () => resolve(undefined));
  });
}

const CONTINUE = /^HTTP\/1\.1 100 [^\r\n]*\r\n\r\n/;

/** Sends one request and reads its answer, or how the connection ended instead. */
function exchange(socket: Socket, how: Sending, host: string, key: string): Promise<Outcome> {
  const { head, body } = request(how, host, key);
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    let taken = how === 'later write';
    const ended = (end: string): Outcome =>
      taken ? { kind: 'broken', how: end, on: how === 'later write' ? 'kept-alive connection' : 'new connection' } : { kind: 'untaken', how: end };
    const done = (outcome: Outcome) => {
      clearTimeout(timer);
      socket.off('data', onData).off('error', onError).off('close', onClose);
      resolve(outcome);
    };
    const timer = setTimeout(() => done(ended(`no answer within ${ANSWER_WITHIN_MS / 1000} s`)), ANSWER_WITHIN_MS);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const interim = how === 'first write' && !taken ? CONTINUE.exec(received.toString('latin1')) : null;
      if (interim) {
        received = received.subarray(interim[0].length);
        taken = true;
        socket.write(body!);
      }
      const answer = parsed(received);
      if (answer) done({ kind: 'answered', ...answer });
    };
    const onError = (error: NodeJS.ErrnoException) => done(ended(error.code ?? error.message));
    const onClose = () => done(ended(received.length === 0 ? 'closed unanswered' : 'closed mid-answer'));
    socket.on('data', onData).on('error', onError).on('close', onClose);
    socket.write(how === 'later write' ? head + body : head);
  });
}

/** The final answer's status and whether it closes the connection, once all of it (head and `Content-Length` body) is in. */
function parsed(bytes: Buffer): { status: number; closes: boolean } | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const header = (name: string) =>
    lines
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim()
      .toLowerCase();
  const length = Number(header('content-length') ?? Number.NaN);
  if (!Number.isFinite(length)) throw new Error(`an answer under load without a Content-Length: ${statusLine}`);
  if (bytes.length < end + 4 + length) return undefined;
  return { status: Number(statusLine.split(' ')[1]), closes: header('connection') === 'close' };
}
