/**
 * boardrules-client: a typed client for `boardrules serve`.
 *
 * Every type comes from the server's OpenAPI document (`src/generated/api.ts`, generated at
 * build time from boardrules' own JSON Schemas), so a 7Я payload's `view.hands` is
 * `[string[], string[]]` and an action is exactly one of the game's actions.
 */
import type { components } from "./generated/api.js";

export type { components, paths } from "./generated/api.js";

/** Every schema of the OpenAPI document, by name (`"semya.Payload"`, `"Refusal"`, …). */
export type Schemas = components["schemas"];
/** The games the server plays. */
export type GameName = Schemas["Games"]["games"][number]["game"];
/** What one seat (or a spectator) may know now. */
export type Payload<G extends GameName = GameName> = Schemas[`${G}.Payload`];
/** One WebSocket message: a payload with `type: "update"` and the events since the last. */
export type Update<G extends GameName = GameName> = Schemas[`${G}.Update`];
/** One of the game's actions. */
export type Action<G extends GameName = GameName> = Schemas[`${G}.action`];
/** The game's state as a seat sees it. */
export type View<G extends GameName = GameName> = Schemas[`${G}.view`];
/** One of the game's events. */
export type GameEvent<G extends GameName = GameName> = Schemas[`${G}.event`];
/** Every card, character and content item of the game, by the ids the views use. */
export type Content<G extends GameName = GameName> = Schemas[`${G}.content`];
/** A whole match, replayable with `boardrules replay`. */
export type GameRecord<G extends GameName = GameName> = Schemas[`${G}.record`];
/** What a seat has seen of a match still going on (its record before the end). */
export type SeatHistory<G extends GameName = GameName> = Schemas[`${G}.SeatHistory`];
/** The body of `POST /api/matches`. */
export type CreateRequest<G extends GameName = GameName> = Schemas[`${G}.CreateRequest`];
export type Refusal = Schemas["Refusal"];
export type Created = Schemas["Created"];
export type Joined = Schemas["Joined"];
export type Lobby = Schemas["Lobby"];
export type Games = Schemas["Games"];
export type Picture = Schemas["Picture"];
export type Label = Schemas["Label"];
/** Every action of the game with its English and Russian label. */
export type Vocabulary<G extends GameName = GameName> = { action: Action<G>; label: Label }[];
/** The answer of {@link BoardrulesClient.create}: the match, its tokens, and a
 * {@link MatchClient} for the first seat a person plays (a spectator's when none). */
export type CreatedMatch<G extends GameName = GameName> = Created & { client: MatchClient<G> };

/** A request the server refused: its status and the refusal (`error`, `path`, `reason`, and
 * for an illegal move the `violation` with its rule ID). */
export class RefusedError extends Error {
  readonly status: number;
  readonly refusal: Refusal;

  constructor(status: number, refusal: Refusal) {
    super(`${status} ${refusal.error}: ${refusal.reason}`);
    this.name = "RefusedError";
    this.status = status;
    this.refusal = refusal;
  }
}

/** A handler property checked like a method (bivariantly): the browser's WebSocket and the
 * `ws` package's each pass their own event type, which has at least what `E` names. */
type Handler<E> = { handle(event: E): void }["handle"];

/** The part of the WebSocket API the client uses: the browser's, or `ws`'s in Node (both fit
 * without a cast: `new BoardrulesClient(url, { WebSocket })`). */
export interface SocketLike {
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = new (url: string) => SocketLike;

export interface ClientOptions {
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** The WebSocket class (default: the global one; in Node 20, pass `ws`'s). */
  WebSocket?: SocketFactory;
}

interface RequestOptions {
  body?: unknown;
  token?: string | undefined;
  query?: Record<string, string | number | undefined>;
}

/** The server at `baseUrl` (`""`: the page's own origin). */
export class BoardrulesClient {
  readonly baseUrl: string;
  private readonly fetcher: typeof fetch;
  private readonly socketClass: SocketFactory | undefined;

  constructor(baseUrl = "", options: ClientOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.socketClass = options.WebSocket
      ?? (globalThis as { WebSocket?: SocketFactory }).WebSocket;
  }

  /** One request; a 4xx answer becomes a {@link RefusedError}. */
  async request<T>(method: "GET" | "POST", path: string, options: RequestOptions = {}
  ): Promise<T> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) query.set(key, String(value));
    }
    const suffix = [...query].length ? `?${query}` : "";
    const headers: Record<string, string> = {};
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    const init: RequestInit = { method, headers };
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }
    const response = await this.fetcher(`${this.baseUrl}${path}${suffix}`, init);
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const refusal = (parsed ?? { error: "http", path: "$", reason: response.statusText }
      ) as Refusal;
      throw new RefusedError(response.status, refusal);
    }
    return parsed as T;
  }

  /** The games and the bot agents. */
  games(): Promise<Games> {
    return this.request("GET", "/api/games");
  }

  /** Matches in progress with free seats. */
  lobby(): Promise<Lobby> {
    return this.request("GET", "/api/lobby");
  }

  /** Every card, character and content item of `game` (its default options). */
  content<G extends GameName>(game: G): Promise<Content<G>> {
    return this.request("GET", `/api/games/${encodeURIComponent(game)}/content`);
  }

  /** Every action of `game`, labelled (to explain a card that cannot be played, say). */
  vocabulary<G extends GameName>(game: G): Promise<Vocabulary<G>> {
    return this.request("GET", `/api/games/${encodeURIComponent(game)}/vocabulary`);
  }

  /** Make a match; the answer has one token per `"human"` seat and `client`, the match as
   * the first of those seats sees it. */
  async create<G extends GameName>(request: CreateRequest<G> & { game: G }
  ): Promise<CreatedMatch<G>> {
    const created: Created = await this.request("POST", "/api/matches", { body: request });
    const token = created.tokens.find((t): t is string => typeof t === "string");
    return { ...created, client: this.match(request.game, created.match, token) };
  }

  /** Take a free seat of an open match. */
  join(match: string, seat: number): Promise<Joined> {
    return this.request("POST", `/api/matches/${encodeURIComponent(match)}/join`,
      { body: { seat } });
  }

  /** A match as one seat (with its token) or a spectator (without) sees it. */
  match<G extends GameName>(game: G, id: string, token?: string): MatchClient<G> {
    return new MatchClient(this, game, id, token);
  }

  /** The URL of a match's WebSocket. */
  socketUrl(match: string): string {
    const base = this.baseUrl
      || (globalThis as { location?: { origin: string } }).location?.origin || "";
    return `${base.replace(/^http/, "ws")}/api/matches/${encodeURIComponent(match)}/live`;
  }

  /** A new WebSocket (the class given to the constructor, or the global one). */
  openSocket(url: string): SocketLike {
    if (this.socketClass === undefined) {
      throw new Error("no WebSocket class: pass { WebSocket } (in Node 20, from 'ws')");
    }
    return new this.socketClass(url);
  }
}

/** Close codes after which {@link LiveUpdates} does not reconnect: the server refused. */
const FINAL_CLOSES = new Set([4400, 4401, 4403, 4404, 4429]);

export interface LiveOptions<G extends GameName> {
  /** The version the client already holds: the first update carries the events after it. */
  since?: number;
  /** Called when the socket closes for good (a refusal, or {@link LiveUpdates.close}). */
  onClose?: (code: number, reason: string) => void;
  /** Called before each reconnection, with the attempt number from 1. */
  onReconnect?: (attempt: number) => void;
  /** The first wait before reconnecting in ms (doubled each time, up to `maxDelay`). */
  delay?: number;
  maxDelay?: number;
  /** Called for each update, after `version` and `generation` are updated (an update older
   * than the last one, which a reconnection may bring, is not passed on). */
  onUpdate: (update: Update<G>) => void;
}

/**
 * A match's live updates: one WebSocket, reopened after a drop or a server restart. Each
 * reconnection sends the last version seen as `since`, so the first update after it carries
 * the events missed meanwhile (catch-up); a refusal (4400–4429) ends it.
 */
export class LiveUpdates<G extends GameName> {
  /** The version of the last update received (it goes down when moves are taken back). */
  version: number | undefined;
  /** The generation of the last update received: it moves on at every change but a move (a
   * take-back, a resignation, an undo asked or answered, a join, a rematch), so an update
   * with a smaller (generation, version) than the one held is older, and is dropped. */
  generation: number | undefined;
  private socket: SocketLike | undefined;
  private closed = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: BoardrulesClient,
    private readonly match: string,
    private readonly token: string | undefined,
    private readonly options: LiveOptions<G>,
  ) {
    this.version = options.since;
    this.open();
  }

  private open(): void {
    const socket = this.client.openSocket(this.client.socketUrl(this.match));
    this.socket = socket;
    socket.onopen = () => {
      const hello: Schemas["Hello"] = { token: this.token ?? null };
      if (this.version !== undefined) hello.since = this.version;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => {
      const update = JSON.parse(String(event.data)) as Update<G>;
      this.attempt = 0;
      const held = this.generation;
      if (held !== undefined && this.version !== undefined && (update.generation < held
        || (update.generation === held && update.version < this.version))) return;
      this.generation = update.generation;
      this.version = update.version;
      this.options.onUpdate(update);
    };
    socket.onerror = () => undefined; // a close always follows
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (this.closed || FINAL_CLOSES.has(event.code)) {
        this.closed = true;
        this.options.onClose?.(event.code, event.reason);
        return;
      }
      this.attempt += 1;
      this.options.onReconnect?.(this.attempt);
      const first = this.options.delay ?? 250;
      const wait = Math.min(first * 2 ** (this.attempt - 1), this.options.maxDelay ?? 5000);
      this.timer = setTimeout(() => this.open(), wait);
    };
  }

  /** Stop: close the socket and reconnect no more. */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.socket?.close(1000, "closed by the client");
  }
}

/** One match, as one seat (with its token) or a spectator. */
export class MatchClient<G extends GameName> {
  constructor(
    readonly client: BoardrulesClient,
    readonly game: G,
    readonly id: string,
    readonly token?: string,
  ) {}

  private path(suffix = ""): string {
    return `/api/matches/${encodeURIComponent(this.id)}${suffix}`;
  }

  /** What the seat may know now; with `since`, also the events after that move. */
  show(since?: number): Promise<Payload<G>> {
    return this.client.request("GET", this.path(), { token: this.token, query: { since } });
  }

  /** Play `action` if the match is still at `version` (409 `stale_version` if not). */
  act(version: number, action: Action<G>): Promise<Payload<G>> {
    return this.client.request("POST", this.path("/actions"),
      { token: this.token, body: { version, action } });
  }

  /** The record of the finished match, replayable with `boardrules replay`; before the
   * end, the seat's own history (`over: false`; a spectator gets 409 then). */
  record(): Promise<GameRecord<G> | SeatHistory<G>> {
    return this.client.request("GET", this.path("/record"), { token: this.token });
  }

  /** Resign: the match ends at once with this seat last; every watcher is told. */
  resign(): Promise<Payload<G>> {
    return this.client.request("POST", this.path("/resign"), { token: this.token });
  }

  /** Ask to take back this seat's last move (and those after it): at once against bots,
   * else the payload shows the pending `undo` until every other person answers. */
  undo(version: number): Promise<Payload<G>> {
    return this.client.request("POST", this.path("/undo"),
      { token: this.token, body: { version } });
  }

  /** Agree to (or decline) the pending undo of another seat. */
  answerUndo(agree: boolean): Promise<Payload<G>> {
    return this.client.request("POST", this.path("/undo/answer"),
      { token: this.token, body: { agree } });
  }

  /** Play again after the end: this seat's place in the rematch (the first seat to ask
   * makes it; the others take their seats by asking too). */
  rematch(): Promise<Joined> {
    return this.client.request("POST", this.path("/rematch"), { token: this.token });
  }

  /** The seat's view drawn as SVG. */
  picture(lang: "en" | "ru" = "en"): Promise<Picture> {
    return this.client.request("GET", this.path("/picture"),
      { token: this.token, query: { lang } });
  }

  /** The catalogue of the game this match is played with (its own options). */
  content(): Promise<Content<G>> {
    return this.client.request("GET", this.path("/content"));
  }

  /** Live updates over the WebSocket, reconnecting and catching up by themselves. */
  live(options: LiveOptions<G>): LiveUpdates<G> {
    return new LiveUpdates(this.client, this.id, this.token, options);
  }
}
