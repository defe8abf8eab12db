import { COLLECTION_METHOD_LABELS, DIMENSION_LABELS, PERIOD_LABELS, TEXT_LIMITS } from '@eduqa/contract';
import { Col, Divider, Form, Input, Row, Select } from 'antd';
import { optionsOf } from './point-form-rules.ts';

/** 基本信息: name, code, the two texts and where the point sits (dimension, period, collection). */
export function BasicSection() {
  return (
    <>
      <Divider titlePlacement="start">基本信息</Divider>
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item
            name="name"
            label="质控点名称"
            rules={[
              { required: true, whitespace: true, message: '请输入质控点名称' },
              { max: TEXT_LIMITS.content, message: `质控点名称最多只能输入${TEXT_LIMITS.content}个字符` },
            ]}
          >
            <Input placeholder="请输入质控点名称" maxLength={TEXT_LIMITS.content} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="code" label="质控点编号">
            <Input placeholder="选填" maxLength={TEXT_LIMITS.small} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="connotation" label="内涵">
        <Input.TextArea rows={2} maxLength={TEXT_LIMITS.longContent} showCount placeholder="请输入内涵" />
      </Form.Item>
      <Form.Item name="diagnosticStandard" label="诊断标准">
        <Input.TextArea rows={2} maxLength={TEXT_LIMITS.longContent} showCount placeholder="请输入诊断标准" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="dimension" label="维度" rules={[{ required: true, message: '请选择维度' }]}>
            <Select options={optionsOf(DIMENSION_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="period" label="周期" rules={[{ required: true, message: '请选择周期' }]}>
            <Select options={optionsOf(PERIOD_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="collectionMethod"
            label="采集方式"
            rules={[{ required: true, message: '请选择采集方式' }]}
          >
            <Select options={optionsOf(COLLECTION_METHOD_LABELS)} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
