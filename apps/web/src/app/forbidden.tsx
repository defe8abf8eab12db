import { NO_PERMISSION_MESSAGE } from '@eduqa/contract';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../shell/session/index.ts';
import { landingPath } from './route-access.ts';
import { AREAS } from './routes.tsx';

/** A route whose menu key (or action) the user lacks. */
export function Forbidden() {
  const navigate = useNavigate();
  const { menus } = useSession();
  const landing = landingPath(AREAS, menus);
  return (
    <Result
      status="403"
      title="403"
      subTitle={NO_PERMISSION_MESSAGE}
      extra={
        <Button type="primary" onClick={() => navigate(landing)}>
          返回首页
        </Button>
      }
    />
  );
}
