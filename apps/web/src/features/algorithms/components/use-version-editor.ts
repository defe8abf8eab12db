import type { Algorithm, AlgorithmGroup, AlgorithmType } from '@eduqa/contract';
import { useState } from 'react';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { createVersion, updateVersion } from '../api.ts';

const EXAMPLES: Record<AlgorithmType, string> = {
  result:
    'select avg(score) as value\nfrom dw.scores\nwhere object_code = :objectCode\n  and exam_date between :cycleStart and :cycleEnd',
  detail:
    'select student_name, score, exam_date\nfrom dw.scores\nwhere object_code = :objectCode\n  and exam_date between :cycleStart and :cycleEnd\norder by exam_date',
};

interface VersionEditorInput {
  group: AlgorithmGroup;
  type: AlgorithmType;
  versions: Algorithm[];
  run: RunAction;
}

/**
 * The selected version and what the editor holds: picking a version (or none, for a new one) loads its
 * SQL and remark; saving keeps a draft in place and saves a published version as the next one.
 */
export function useVersionEditor({ group, type, versions, run }: VersionEditorInput) {
  const [selectedId, setSelectedId] = useState<string | null>(versions[0]?.id ?? null);
  const selected = versions.find((v) => v.id === selectedId) ?? null;
  const [text, setText] = useState<string>(selected?.sql ?? EXAMPLES[type]);
  const [remark, setRemark] = useState(selected?.remark ?? '');
  const [error, setError] = useState<string | null>(null);
  const isDirty = text !== (selected?.sql ?? '');

  const pick = (version: Algorithm | null) => {
    setSelectedId(version?.id ?? null);
    setText(version?.sql ?? EXAMPLES[type]);
    setRemark(version?.remark ?? '');
    setError(null);
  };

  const save = async () => {
    if (!text.trim()) {
      setError('请输入 SQL');
      return;
    }
    setError(null);
    let saved: Algorithm | null = null;
    const ok = await run(
      async () => {
        saved = selected
          ? await updateVersion({ id: selected.id, sql: text, remark })
          : await createVersion({ groupId: group.id, type, sql: text, remark });
        return saved;
      },
      (answer: Algorithm) =>
        selected && answer.id === selected.id ? '草稿已保存' : `已保存为版本 V${answer.version}`,
    );
    if (ok && saved) setSelectedId((saved as Algorithm).id);
  };

  return { selectedId, selected, text, setText, remark, setRemark, error, isDirty, pick, save };
}

export type VersionEditor = ReturnType<typeof useVersionEditor>;
