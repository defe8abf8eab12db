import { AUDIT_SUCCESS, auditResultText } from '@eduqa/contract';
import { Tag } from 'antd';

/** 成功 in green, or 失败 with the error code the caller was answered, in red. */
export function ResultTag({ result }: { result: string }) {
  return <Tag color={result === AUDIT_SUCCESS ? 'green' : 'red'}>{auditResultText(result)}</Tag>;
}
