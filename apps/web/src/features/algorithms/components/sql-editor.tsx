import { MySQL, PostgreSQL, sql } from '@codemirror/lang-sql';
import { EditorState } from '@codemirror/state';
import { basicSetup, EditorView } from 'codemirror';
import { useEffect, useRef } from 'react';

export interface SqlEditorProps {
  value: string;
  onChange: (value: string) => void;
  dialect: 'postgresql' | 'mysql';
  readOnly?: boolean;
}

/**
 * CodeMirror 6 with SQL highlighting for the source's dialect. Loaded on demand (React.lazy) by the
 * group page only, so neither the login page nor the rest of the app carries the editor. The view is
 * made once per dialect/read-only switch; outside changes to `value` (another version picked) replace
 * the document.
 */
export default function SqlEditor({ value, onChange, dialect, readOnly = false }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the document is synced by the effect below.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          sql({ dialect: dialect === 'mysql' ? MySQL : PostgreSQL, upperCaseKeywords: false }),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': 'SQL 编辑器' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
          EditorView.theme({ '&': { minHeight: '220px', border: '1px solid #d9d9d9', borderRadius: '6px' } }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [dialect, readOnly]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} data-testid="sql-editor" />;
}
