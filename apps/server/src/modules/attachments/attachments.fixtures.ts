import { inflateRawSync } from 'node:zlib';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import {
  assignedPoints,
  diagnosisObjects,
  diagnosisTasks,
  objectTaskSharers,
  objectTasks,
} from '../diagnosis/diagnosis.table.ts';
import { indicatorCategories, indicators, qualityPoints } from '../standards/standards.table.ts';

/** A task with one object whose charger is `chargerId`, shared with `sharerIds`, and one assigned point. */
export async function createPointFixture(
  db: Db,
  input: { publisherId: string; chargerId: string; sharerIds?: string[]; pointName?: string },
) {
  const suffix = newId().slice(0, 8);
  const categoryId = newId();
  const indicatorId = newId();
  const qualityPointId = newId();
  const objectId = newId();
  const taskId = newId();
  const objectTaskId = newId();
  const assignedPointId = newId();
  await db
    .insert(indicatorCategories)
    .values({ id: categoryId, name: `人才培养${suffix}`, icon: 'icon1', level: 'school' });
  await db.insert(indicators).values({ id: indicatorId, categoryId, name: `指标${suffix}`, depth: 1 });
  await db.insert(qualityPoints).values({
    id: qualityPointId,
    indicatorId,
    name: input.pointName ?? `毕业生就业率${suffix}`,
    level: 'school',
    dimension: 'year',
    period: 'year',
    dataType: 'percent',
  });
  await db
    .insert(diagnosisObjects)
    .values({ id: objectId, level: 'school', code: suffix, name: `学校${suffix}` });
  await db.insert(diagnosisTasks).values({
    id: taskId,
    name: `2026年度诊断${suffix}`,
    level: 'school',
    period: '2026',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    publisherUserId: input.publisherId,
  });
  await db.insert(objectTasks).values({ id: objectTaskId, taskId, objectId, chargerUserId: input.chargerId });
  if (input.sharerIds?.length) {
    await db.insert(objectTaskSharers).values(input.sharerIds.map((userId) => ({ objectTaskId, userId })));
  }
  await db
    .insert(assignedPoints)
    .values({ id: assignedPointId, objectTaskId, qualityPointId, targetValue: '90%' });
  return { assignedPointId, objectTaskId, qualityPointId, taskId };
}

/** The entries of a zip (central directory), inflated: enough to check a download in tests. */
export function readZip(zip: Buffer): Array<{ name: string; bytes: Buffer }> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Array<{ name: string; bytes: Buffer }> = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    entries.push({ name, bytes: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
