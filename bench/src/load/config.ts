/**
 * The load benchmark's settings and its people: the demo school's accounts sorted into four kinds of
 * user, and the virtual users spread over them in the proportions of a deadline week.
 */
import { ROLE_IDS as R } from '@eduqa/contract';
import { DEMO_USERS } from '../../../apps/server/src/seed/demo.ts';
import type { Engine } from './database.ts';

export const ENGINE: Engine = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
export const USERS = Number(process.env.BENCH_USERS ?? 500);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Of a virtual user's steps, the share that writes instead of opening a page. */
export const WRITE_SHARE = Number(process.env.BENCH_WRITE_SHARE ?? 0.15);
/** The ping floor's steady rate, requests per second. */
export const PING_RATE = Number(process.env.BENCH_PING_RATE ?? 20);
/** Sign-ins at once before the timed phase (each costs a scrypt; the machine has two cores). */
export const SIGN_IN_CONCURRENCY = 4;
export const THINK_MS: readonly [number, number] = [1000, 3000];

/**
 * teacher: fills a collection form and enters the results of their quality points; head: a department
 * head (goals of the department, its points, its fills to audit); principal: a goal task's principal;
 * manager: publishers, auditors, data managers, the school leader.
 */
export type Persona = 'teacher' | 'head' | 'principal' | 'manager';

function personaOf(roles: readonly string[]): Persona | null {
  if (roles.includes(R.inSchoolExpert) || roles.includes(R.outsideExpert)) return null;
  if (roles.includes(R.targetTaskPrincipal)) return 'principal';
  if (roles.includes(R.targetTaskDepartPrincipal)) return 'head';
  if (roles.includes('dataCollector')) return 'teacher';
  return 'manager';
}

export const ACCOUNTS: Record<Persona, string[]> = { teacher: [], head: [], principal: [], manager: [] };
for (const user of DEMO_USERS) {
  const persona = personaOf(user.roles);
  if (persona) ACCOUNTS[persona].push(user.account);
}

/** Out of 25 virtual users: 15 teachers, 5 heads, 2 principals, 3 managers. */
const SLOTS: Persona[] = [
  ...Array<Persona>(15).fill('teacher'),
  ...Array<Persona>(5).fill('head'),
  ...Array<Persona>(2).fill('principal'),
  ...Array<Persona>(3).fill('manager'),
];

export interface VirtualUser {
  index: number;
  persona: Persona;
  account: string;
}

export function virtualUsers(count: number): VirtualUser[] {
  const seen: Record<Persona, number> = { teacher: 0, head: 0, principal: 0, manager: 0 };
  return Array.from({ length: count }, (_, index) => {
    const persona = SLOTS[index % SLOTS.length] as Persona;
    const accounts = ACCOUNTS[persona];
    const account = accounts[seen[persona]++ % accounts.length] as string;
    return { index, persona, account };
  });
}

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (line: string) => process.stdout.write(`${line}\n`);
