// The one HTTP client of the web app: base /api, bearer token, JSON, envelope unwrapping, error toasts,
// and the session rules in one place (401 → login, 402 → static/no-premium, 503 of the access window → static/not-access-date).
import { notifications } from '@mantine/notifications';
import type { PageMeta, ToastStatus } from '@exam/shared';
import { EXAM_DEVICE_HEADER } from '@exam/shared/exam-device';
import { storage } from './storage';

export const API_BASE = '/api';

/** Routes the client sends people to; kept here as plain strings so this module has no React dependency. */
const LOGIN_PATH = '/auth/login';
const NO_PREMIUM_PATH = '/static/no-premium';
const NOT_ACCESS_DATE_PATH = '/static/not-access-date';

export const NETWORK_ERROR = 'Erreur réseau : le serveur ne répond pas. Vérifiez votre connexion puis réessayez.';
const UNKNOWN_ERROR = 'Une erreur inattendue est survenue. Veuillez réessayer.';

export class ApiError extends Error {
  readonly status: number;
  /** Per-field French messages of a 422 (or 409) answer, keyed by the payload's field names. */
  readonly errors: Record<string, string[]>;
  readonly data: unknown;
  /** Seconds the server asks to wait before trying again (Retry-After of a 429 or 503), or null. */
  readonly retryAfter: number | null;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}, data?: unknown, retryAfter: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.data = data;
    this.retryAfter = retryAfter;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * A 503 that ended no session: the database or another service is out of reach for a moment, and the same call may
 * be tried again. (The access window's 503 ends the session first, so it is never one.)
 */
export const isOutage = (e: unknown): e is ApiError => isApiError(e) && e.status === 503 && Boolean(storage.getToken());

/** Retry-After in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface EnvelopeResult<T> {
  status: ToastStatus;
  message: string;
  data: T;
  meta?: PageMeta;
}

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (plain object) or FormData (multipart; the browser sets the boundary). */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Do not show the error toast (the caller handles the error itself). */
  silent?: boolean;
  /** Show a success toast with this title, the server's status as severity and its message. */
  successTitle?: string;
  /** Multipart only: called with the share (0..1) of the body sent so far. */
  onUploadProgress?: (sent: number) => void;
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);
let onSessionEnd: () => void = () => {};
/** Where the server sent this page's session when it ended it (503 → not-access-date, 401 → login). */
let endedTo: string | null = null;

/**
 * Where the session was sent when the server ended it during this page's life, or null. The route guard, which
 * sees the cleared storage, redirects there too rather than to login (so the 503 message is not lost).
 */
export const sessionEndedTo = (): string | null => endedTo;


/** The app plugs in the router's navigate (no full reload) and a hook to drop cached data at session end. */
export function configureApiClient(options: { navigate?: Navigate; onSessionEnd?: () => void }) {
  if (options.navigate) navigate = options.navigate;
  if (options.onSessionEnd) onSessionEnd = options.onSessionEnd;
}

const severityColor: Record<string, string> = { success: 'teal', info: 'blue', warn: 'yellow', warning: 'yellow', error: 'red' };

export function notifyError(message: string, title = 'Erreur') {
  notifications.show({ color: 'red', title, message, autoClose: 3000, position: 'top-right' });
}

/** Success toast as the specification says: severity = server status, caller's title, server's message. */
export function notifyResult(result: { status: string; message: string }, title: string) {
  notifications.show({ color: severityColor[result.status] ?? 'teal', title, message: result.message, autoClose: 3000, position: 'top-right' });
}

export function buildUrl(path: string, query?: Query): string {
  const base = path.startsWith('/api') || path.startsWith('http') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

export function authHeaders(): Record<string, string> {
  const token = storage.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The calls of an exam carry this browser's id (one session per attempt follows the browser, not the sign-in). */
function deviceHeaders(path: string): Record<string, string> {
  if (!/^(\/api)?\/student\/exams\/\d+\//.test(path)) return {};
  const id = storage.getDeviceId();
  return id ? { [EXAM_DEVICE_HEADER]: id } : {};
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...authHeaders(), ...deviceHeaders(path), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    if (options.onUploadProgress && body instanceof FormData) {
      return await sendWithProgress(buildUrl(path, options.query), options.method ?? 'POST', headers, body, options.onUploadProgress);
    }
    return await fetch(buildUrl(path, options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    const error = new ApiError(0, NETWORK_ERROR);
    if (!options.silent) notifyError(error.message);
    throw error;
  }
}

/** As fetch, through XMLHttpRequest, which alone tells how much of an upload is sent; answers a Response so that
 *  the rest of the client reads it as any other. */
function sendWithProgress(url: string, method: string, headers: Record<string, string>, body: FormData, onProgress: (sent: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const responseHeaders = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) responseHeaders.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.responseText || null, { status: xhr.status, headers: responseHeaders }));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.send(body);
  });
}

async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Turns a failed answer into an ApiError, applying the session rules and the error toast. */
async function fail(res: Response, options: RequestOptions, hadToken: boolean): Promise<never> {
  const json = await readJson(res.clone()).catch(() => null);
  const message = typeof json?.message === 'string' && json.message ? json.message : UNKNOWN_ERROR;
  const errors = (json?.errors as Record<string, string[]> | undefined) ?? {};
  const error = new ApiError(res.status, message, errors, json?.data, retryAfterSeconds(res.headers.get('retry-after')));

  // A situation with its own page (closed access window, premium content, ended session) shows that page only:
  // no error toast on top of it.
  // Only the access window's 503 says so in a header; any other 503 (database, runner) is an outage that ends no
  // session: its message is shown and the call may be tried again.
  if (res.status === 503 && res.headers.get('x-access-window') === 'closed') {
    // Outside the access window (students): keep the message for the page, end the session.
    storage.clear();
    storage.setAccessMessage(message);
    endedTo = NOT_ACCESS_DATE_PATH;
    onSessionEnd();
    navigate(NOT_ACCESS_DATE_PATH);
    throw error;
  } else if (res.status === 401 && hadToken) {
    storage.clear();
    endedTo = LOGIN_PATH;
    onSessionEnd();
    navigate(LOGIN_PATH);
    // The toast stays: it tells on the login page why the session ended.
  } else if (res.status === 402) {
    storage.setPremiumMessage(message);
    navigate(NO_PREMIUM_PATH);
    throw error;
  }
  if (!options.silent) notifyError(message);
  throw error;
}

/** Sends a request and returns the whole envelope (status, message, data, meta). */
export async function requestEnvelope<T>(path: string, options: RequestOptions = {}): Promise<EnvelopeResult<T>> {
  const hadToken = Boolean(storage.getToken());
  const res = await send(path, options, 'application/json');
  if (!res.ok) return fail(res, options, hadToken);
  const json = (await readJson(res)) ?? {};
  const result: EnvelopeResult<T> = {
    status: (json.status as ToastStatus) ?? 'success',
    message: typeof json.message === 'string' ? json.message : '',
    data: json.data as T,
    meta: json.meta as PageMeta | undefined,
  };
  if (options.successTitle) notifyResult(result, options.successTitle);
  return result;
}

/** Sends a request and returns the envelope's `data`. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, options)).data;
}

export interface PageResult<T> {
  data: T[];
  meta: PageMeta;
}

export const api = {
  get: <T>(path: string, query?: Query, options: Omit<RequestOptions, 'method' | 'query'> = {}) => request<T>(path, { ...options, query }),
  /** A paginated list: `{ data, meta }`. */
  page: async <T>(path: string, query?: Query, options: Omit<RequestOptions, 'method' | 'query'> = {}): Promise<PageResult<T>> => {
    const r = await requestEnvelope<T[]>(path, { ...options, query });
    return { data: r.data ?? [], meta: r.meta ?? { page: 1, per_page: r.data?.length ?? 0, total: r.data?.length ?? 0, last_page: 1 } };
  },
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) => request<T>(path, { ...options, method: 'DELETE' }),
  envelope: requestEnvelope,
  upload,
  download,
  downloadNamed,
};

/** Multipart upload of one file (field `file` unless told) plus optional extra fields. */
export function upload<T>(
  path: string,
  file: File | Blob,
  options: Omit<RequestOptions, 'method' | 'body'> & { field?: string; fields?: Record<string, string | number> } = {},
): Promise<EnvelopeResult<T>> {
  const form = new FormData();
  form.append(options.field ?? 'file', file);
  for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, String(v));
  return requestEnvelope<T>(path, { ...options, method: 'POST', body: form });
}

/** Downloads a file (xlsx export, import template) and saves it under `filename` (server's name if absent). */
export async function download(path: string, filename?: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
  return (await downloadNamed(path, filename, options)).blob;
}

/** The file name of a Content-Disposition header: `filename*` (UTF-8, percent-encoded) first, else `filename`. */
export function dispositionFilename(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = plain ? (plain[1] ?? plain[2]).trim() : '';
  return name || null;
}

/** As `download`, and tells the name the file was saved under. */
export async function downloadNamed(path: string, filename?: string, options: Omit<RequestOptions, 'body'> = {}): Promise<{ blob: Blob; name: string; headers: Headers }> {
  const hadToken = Boolean(storage.getToken());
  const res = await send(path, options, '*/*');
  if (!res.ok) return fail(res, options, hadToken);
  const blob = await res.blob();
  const name = filename ?? dispositionFilename(res.headers.get('content-disposition')) ?? 'fichier.xlsx';
  saveBlob(blob, name);
  return { blob, name, headers: res.headers };
}

/** Reads a file the API serves (with the session's token) without saving it: an image to show, a PDF to open. */
export async function fetchBlob(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
  const hadToken = Boolean(storage.getToken());
  const res = await send(path, options, '*/*');
  if (!res.ok) return fail(res, options, hadToken);
  return res.blob();
}

/** Saves a blob as a file through the browser's download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Reads a server-sent-events stream with the bearer token (EventSource cannot send headers).
 * Calls `onEvent(event, data)` for each event; returns a function that stops reading.
 */
export function subscribeEvents(path: string, onEvent: (event: string, data: string) => void, onError?: (e: unknown) => void): () => void {
  const controller = new AbortController();
  (async () => {
    const res = await fetch(buildUrl(path), { headers: { Accept: 'text/event-stream', ...authHeaders() }, signal: controller.signal });
    if (!res.ok || !res.body) throw new ApiError(res.status, UNKNOWN_ERROR);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let idx: number;
      while ((idx = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length) onEvent(event, data.join('\n'));
      }
    }
  })().catch((e) => {
    if ((e as Error)?.name !== 'AbortError') onError?.(e);
  });
  return () => controller.abort();
}
