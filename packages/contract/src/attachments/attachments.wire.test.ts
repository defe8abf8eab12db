import { describe, expect, it } from 'vitest';
import {
  FileDeleteBodySchema,
  FileListBodySchema,
  FilesDownloadQuerySchema,
  PointFilesQuerySchema,
} from '../diagnosis/diagnosis.schema.ts';
import { UploadWireSchema } from '../diagnosis/diagnosis.wire.ts';
import type { AttachFiles, ObjectTaskFilesQuery } from './attachments.schema.ts';
import {
  fromAttachFilesWire,
  fromDetachFileWire,
  fromObjectTaskFilesQueryWire,
  fromPointFilesZipWire,
  fromUploadWire,
  toAttachFilesWire,
  toDetachFileWire,
  toObjectTaskFilesQueryWire,
  toPointFilesZipWire,
  toUploadWire,
} from './attachments.wire.ts';

describe('attachments wire', () => {
  it('round-trips an upload answer (fjlx, bh)', () => {
    const uploaded = { fileId: 'f1', fileName: '方案.pdf', fileType: 'pdf', size: 1024 };
    const wire = toUploadWire(uploaded);
    expect(UploadWireSchema.parse(wire)).toEqual(wire);
    expect(wire).toEqual({ fjlx: 'pdf', bh: 'f1', fileName: '方案.pdf', size: 1024 });
    expect(fromUploadWire(wire)).toEqual(uploaded);
  });

  it('round-trips an attach body, its stage by the spec key, with and without the object task', () => {
    const attach: AttachFiles = {
      assignedPointId: 'p1',
      objectTaskId: 'o1',
      stage: 'diagnosis',
      files: [{ fileId: 'f1', fileName: '方案.pdf', fileType: 'pdf' }],
    };
    for (const body of [attach, { ...attach, objectTaskId: undefined, stage: 'standard' as const }]) {
      const { objectTaskId: _, ...rest } = body;
      const expected = body.objectTaskId === undefined ? rest : body;
      const wire = toAttachFilesWire(expected);
      expect(FileListBodySchema.parse(wire)).toEqual(wire);
      expect(fromAttachFilesWire(wire)).toEqual(expected);
    }
    expect(toAttachFilesWire(attach)).toMatchObject({ zgzkdid: 'p1', objTaskId: 'o1', stage: 'zwzd' });
  });

  it('round-trips the file list query, the detach body and the zip query', () => {
    const query: ObjectTaskFilesQuery = {
      pageNum: 2,
      pageSize: 10,
      objectTaskId: 'o1',
      assignedPointId: 'p1',
      stage: 'warning',
      keyword: '方案',
    };
    const wire = toObjectTaskFilesQueryWire(query);
    expect(PointFilesQuerySchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ dxrwid: 'o1', zgzkdid: 'p1' });
    expect(fromObjectTaskFilesQueryWire(wire)).toEqual(query);
    const bare = { pageNum: 1, pageSize: 10, objectTaskId: 'o1' };
    expect(fromObjectTaskFilesQueryWire(toObjectTaskFilesQueryWire(bare))).toEqual(bare);

    const detach = { assignedPointId: 'p1', fileId: 'f1' };
    expect(FileDeleteBodySchema.parse(toDetachFileWire(detach))).toEqual({ zgzkdid: 'p1', fileId: 'f1' });
    expect(fromDetachFileWire(toDetachFileWire(detach))).toEqual(detach);

    for (const zip of [{ assignedPointId: 'p1', fileIds: ['f1', 'f2'] }, { assignedPointId: 'p1' }]) {
      expect(fromPointFilesZipWire(toPointFilesZipWire(zip))).toEqual(zip);
    }
    expect(FilesDownloadQuerySchema.parse({ zgzkdid: 'p1', ids: 'f1,f2' })).toEqual(
      toPointFilesZipWire({ assignedPointId: 'p1', fileIds: ['f1', 'f2'] }),
    );
  });
});
