// The app's tRPC API over plain fetch, for arranging what a journey needs but does not test (a confirmed user, a
// school, an operator action). Bodies are superjson's wire format: `{"json": input}`; results come back the same way.
import { linkFromOutbox } from './outbox.ts';

export class ApiError extends Error {
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
  constructor(path: string, status: number, body: unknown) {
    super(`${path} → HTTP ${status}: ${JSON.stringify(body)}`);
    this.path = path;
    this.status = status;
    this.body = body;
  }
}

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let counter = 0;
/** A unique e-mail per call, also across workers and reruns against the same server. */
export function uniqueEmail(prefix = 'ucitel') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid.toString(36)}${counter}@example.cz`;
}

export function newUserData(prefix?: string): NewUser {
  return { email: uniqueEmail(prefix), password: 'Heslo123!', firstName: 'Tereza', lastName: 'Nováková' };
}

export class Api {
  readonly baseURL: string;
  readonly dataDir: string;
  constructor(baseURL: string, dataDir: string) {
    this.baseURL = baseURL;
    this.dataDir = dataDir;
  }

  private async call<T>(path: string, init: RequestInit, token?: string): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${this.baseURL}/api/trpc/${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });
    const body = (await res.json().catch(() => null)) as { result?: { data?: { json?: T } } } | null;
    if (!res.ok || !body?.result) throw new ApiError(path, res.status, body);
    return body.result.data?.json as T;
  }

  query<T = unknown>(path: string, input?: unknown, token?: string): Promise<T> {
    const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    return this.call<T>(`${path}${qs}`, { method: 'GET' }, token);
  }

  mutation<T = unknown>(path: string, input?: unknown, token?: string): Promise<T> {
    return this.call<T>(path, { method: 'POST', body: JSON.stringify({ json: input ?? null }) }, token);
  }

  /** The raw HTTP status of a query with a given token (e.g. 401 after logout). */
  async statusOf(path: string, token: string): Promise<number> {
    const res = await fetch(`${this.baseURL}/api/trpc/${path}`, { headers: { authorization: `Bearer ${token}` } });
    return res.status;
  }

  async login(email: string, password: string): Promise<string> {
    const result = await this.mutation<{ state: string; token?: string }>('user.loginUser', { email, password });
    if (result.state !== 'OK' || !result.token) throw new Error(`login of ${email} failed: ${result.state}`);
    return result.token;
  }

  register(user: NewUser) {
    return this.mutation('user.register', { ...user, phone: '' });
  }

  /** Follows the confirmation link of the newest registration e-mail to `email`. */
  async confirmFromOutbox(email: string) {
    const link = await linkFromOutbox(this.dataDir, email, '/email-confirm/');
    const code = new URL(link).pathname.split('/').pop();
    return this.mutation('user.confirmEmail', { code });
  }

  /** A registered and confirmed user, logged in (no school yet: the app shows the login flow). */
  async confirmedUser(prefix?: string): Promise<NewUser & { token: string }> {
    const user = newUserData(prefix);
    await this.register(user);
    await this.confirmFromOutbox(user.email);
    return { ...user, token: await this.login(user.email, user.password) };
  }

  /** A confirmed user who has set up their own school (so they land in the app shell). */
  async userWithSchool(schoolName = `Autoškola Test ${Date.now().toString(36)}`): Promise<NewUser & { token: string; schoolId: string; schoolName: string }> {
    const user = await this.confirmedUser('admin');
    const school = await this.mutation<{ id?: string; schoolId?: string }>(
      'school.createSchool',
      {
        info: { name: schoolName, number: 'AS-9001', office: 'Magistrát města Brna' },
        address: { street: 'Kounicova', streetCode: '10', city: 'Brno', postCode: '602 00' },
      },
      user.token,
    );
    return { ...user, schoolId: (school.id ?? school.schoolId) as string, schoolName };
  }

  schools(token: string) {
    return this.query<{ id: string; name: string; role: string; isBlocked: boolean }[]>('user.getUserSchools', undefined, token);
  }

  me(token: string) {
    return this.query<{ id: string; email: string; activeSchoolId: string | null }>('user.meV2', undefined, token);
  }

  notifications(token: string) {
    return this.query<{ id: string; title: string; message: string }[]>('user.getNotifications', undefined, token);
  }

  /** Marks every unread notification read, so no notification modal covers the shell. */
  async readAllNotifications(token: string) {
    for (const n of await this.notifications(token)) await this.mutation('user.readNotification', { id: n.id }, token);
  }
}
