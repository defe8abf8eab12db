import { FILE_STAGES, type FileStage, type QualityFileWire } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { groupFiles, stageOptions } from './file-groups.ts';

describe('the upload stage select', () => {
  it('offers every stage of the contract, each named in Chinese', () => {
    const options = stageOptions();
    expect(options.map((o) => o.value)).toEqual([...FILE_STAGES]);
    expect(options.map((o) => o.label)).toEqual([
      '目标标准',
      '监测预警',
      '自我诊断',
      '总结改进（未完成）',
      '总结改进（未达标）',
    ]);
  });

  it('files the chosen stage under the group the dialog shows it in', () => {
    const file = (stage: FileStage): QualityFileWire => ({
      fileId: stage,
      fileName: `${stage}.pdf`,
      fileType: 'pdf',
      stage,
      url: '',
      size: 1,
    });
    const groups = groupFiles(stageOptions().map((o) => file(o.value)));
    for (const option of stageOptions()) {
      const group = groups.find((g) => g.files.some((f) => f.stage === option.value));
      expect(option.label.startsWith(group?.title ?? '?')).toBe(true);
    }
  });
});
