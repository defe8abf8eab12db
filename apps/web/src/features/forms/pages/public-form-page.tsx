import type { FormDefinition } from '@eduqa/contract';
import { Alert, Card, Result, Spin, Typography } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { CheckedConfirm } from '../../../shared/ui/checked-confirm.tsx';
import { submitPublicForm, usePublicForm } from '../api.ts';
import {
  type FieldOption,
  FormRenderer,
  type FormRendererHandle,
  type FormRow,
  newFormRow,
  type RowErrors,
} from '../index.ts';
import { placeServerErrors } from '../widgets/server-errors.ts';

const NO_OPTIONS: readonly FieldOption[] = [];

function PublicForm({
  linkId,
  definition,
  options,
  onDone,
}: {
  linkId: string;
  definition: FormDefinition;
  /** The select components' options, sent with the form: the public page has no session to ask for them. */
  options: Readonly<Record<string, readonly FieldOption[]>>;
  onDone: () => void;
}) {
  const optionsOf = useCallback((key: string) => options[key] ?? NO_OPTIONS, [options]);
  const [rows, setRows] = useState<FormRow[]>(() => [newFormRow(definition)]);
  const [errors, setErrors] = useState<RowErrors>({});
  // A fresh renderer shows the server's messages: its own checks, once run by validateAll, hide them.
  const [rendererKey, setRendererKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const rendererRef = useRef<FormRendererHandle>(null);
  const onChange = useCallback((next: FormRow[]) => setRows(next), []);

  const check = async () => {
    setProblem(null);
    return rows[0] !== undefined && (await rendererRef.current?.validateAll()) === true;
  };

  const submit = async () => {
    const row = rows[0];
    if (!row) return;
    setSubmitting(true);
    try {
      await submitPublicForm(linkId, row.values);
      onDone();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '提交失败，请稍后再试';
      const placed = placeServerErrors(message, [row.id], definition.fields);
      setErrors(placed.errors);
      setRendererKey((k) => k + 1);
      setProblem(placed.rest.length ? placed.rest.join('；') : '请修正标红的字段后再提交');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {problem ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={problem} /> : null}
      <FormRenderer
        key={rendererKey}
        ref={rendererRef}
        definition={definition}
        records={rows}
        viewMode="add"
        optionsOf={optionsOf}
        onChange={onChange}
        errors={errors}
      />
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <CheckedConfirm
          check={check}
          title="确定提交吗？"
          description="提交后不能修改。"
          okText="提交"
          onConfirm={submit}
          isLoading={isSubmitting}
          buttonProps={{ type: 'primary', size: 'large' }}
        >
          提交
        </CheckedConfirm>
      </div>
    </>
  );
}

/**
 * Spec 1 §2: the public table page `/tableConfiguration/:id`, outside the layout and without sign-in —
 * a published form opened to respondents outside the school. A closed or full link shows the server's reason.
 */
export default function PublicFormPage() {
  const { id = '' } = useParams();
  const form = usePublicForm(id);
  const [isDone, setDone] = useState(false);

  let body: ReactNode;
  if (form.isLoading) body = <Spin style={{ display: 'block', margin: '96px auto' }} />;
  else if (!form.data)
    body = (
      <Result
        status="warning"
        title={form.error?.message ?? '该链接不存在'}
        subTitle="如有疑问，请联系发送链接的老师。"
      />
    );
  else if (isDone) body = <Result status="success" title="提交成功，感谢您的填写！" />;
  else
    body = (
      <Card
        title={form.data.title}
        extra={<Typography.Text type="secondary">{form.data.formName}</Typography.Text>}
      >
        <PublicForm
          linkId={id}
          definition={form.data.definition}
          options={form.data.options}
          onDone={() => setDone(true)}
        />
      </Card>
    );

  return (
    <main style={{ minHeight: '100vh', background: '#f5f5f5', padding: '32px 16px' }}>
      <div style={{ maxWidth: 880, margin: '0 auto' }}>{body}</div>
    </main>
  );
}
