import {
  FILE_STAGE_GROUPS,
  FILE_STAGE_LABELS,
  FILE_STAGES,
  type FileStage,
  type QualityFileWire,
} from '@eduqa/contract';

export interface FileGroup {
  title: string;
  files: QualityFileWire[];
}

/** The four groups of the attachment dialog (spec 2 §2.6), each with its files in list order. */
export function groupFiles(files: readonly QualityFileWire[]): FileGroup[] {
  return FILE_STAGE_GROUPS.map((group) => ({
    title: group.title,
    files: files.filter((file) => (group.stages as readonly FileStage[]).includes(file.stage)),
  }));
}

/** The choices of the upload's 上传阶段 select, in the dialog's group order. */
export function stageOptions(): Array<{ value: FileStage; label: string }> {
  return FILE_STAGES.map((stage) => ({ value: stage, label: FILE_STAGE_LABELS[stage] }));
}
