import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The title row of a column of the school selection, with an action at its end. */
export const columnTitle = (text: string, extra?: ReactNode) => (
  <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: 32 }}>
    <Typography.Text strong>{text}</Typography.Text>
    {extra}
  </div>
);
