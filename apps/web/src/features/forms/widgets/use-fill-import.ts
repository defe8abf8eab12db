import { useCallback, useMemo, useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { fillImport } from '../api.ts';
import { fillImportTexts } from './import-texts.ts';

/**
 * 从 Excel 导入 of a fixed form's fill. Rows from Excel are added on the server after the saved draft:
 * the draft is saved first, and the page reloads what the server then holds.
 */
export function useFillImport(input: {
  fillTask: { id: string; formName: string };
  onReload: () => Promise<void>;
  flush: () => Promise<void> | undefined;
  hasUnsaved: () => boolean;
}) {
  const { fillTask, onReload } = input;
  const [isImporting, setImporting] = useState(false);
  const endpoints = useMemo(() => fillImport(fillTask.id), [fillTask.id]);
  const texts = useMemo(() => fillImportTexts(fillTask.formName), [fillTask.formName]);
  const onImported = useCallback(async () => {
    setImporting(false);
    await onReload();
  }, [onReload]);

  const openImport = async () => {
    try {
      await input.flush();
    } catch {
      return;
    }
    if (input.hasUnsaved()) {
      notify.error('草稿未能保存，请稍后再导入');
      return;
    }
    setImporting(true);
  };

  return { isImporting, endpoints, texts, onImported, openImport, closeImport: () => setImporting(false) };
}
