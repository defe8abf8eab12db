import { Card } from 'antd';
import { DeliveriesTable } from './deliveries-table.tsx';
import { DeliverySettingsForm } from './delivery-settings-form.tsx';
import { RobotsTable } from './robots-table.tsx';

/** 系统设置's 消息推送, 群机器人 and 推送记录, loaded with the settings page rather than with every page's header. */
export default function DeliverySection() {
  return (
    <>
      <Card type="inner" title="消息推送">
        <DeliverySettingsForm />
      </Card>
      <Card type="inner" title="群机器人">
        <RobotsTable />
      </Card>
      <Card type="inner" title="推送记录">
        <DeliveriesTable />
      </Card>
    </>
  );
}
