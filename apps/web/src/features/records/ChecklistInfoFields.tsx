import { CHECKLIST_NAME_MAX, coordinateField, recordDateField, recordTimeField } from '@jarog/contracts';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { required, zodRule } from '../../lib/form-rules';
import { useListLocationsQuery } from './locations.api';
import { dzongkhagOptions, gewogOptions } from './places';
import { VillageAutoComplete } from './VillageInput';

/**
 * The checklist's general info: name, birder, date and time, coordinates and place. The rules are the
 * API's own (contracts), so the form refuses what the API refuses, in the same words.
 */
export function ChecklistInfoFields({ today }: { today: string }) {
  const { data: locations, isLoading } = useListLocationsQuery();
  const form = Form.useFormInstance();
  const dzongkhag: string | undefined = Form.useWatch('dzongkhag', form);
  const gewog: string | undefined = Form.useWatch('gewog', form);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="checklistName"
          label="Checklist name"
          rules={[required('Checklist name is required'), { max: CHECKLIST_NAME_MAX }]}
        >
          <Input placeholder="e.g. Phobjikha valley, morning walk" maxLength={CHECKLIST_NAME_MAX} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="birder" label="Observer" rules={[required('Birder is required (type a name)')]}>
          <Input placeholder="e.g. Sonam Wangmo" autoComplete="name" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="selectedDate"
          label="Date"
          rules={[required('Date is required'), zodRule(recordDateField('Date'))]}
        >
          <Input type="date" max={today} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="selectedTime" label="Time" rules={[zodRule(recordTimeField('Time'))]}>
          <Input type="time" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name={['currentLocation', 'latitude']}
          label="Latitude"
          rules={[zodRule(coordinateField('Latitude'))]}
        >
          <InputNumber
            className="records-form__number"
            placeholder="27.4728"
            min={-90}
            max={90}
            step={0.0001}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name={['currentLocation', 'longitude']}
          label="Longitude"
          rules={[zodRule(coordinateField('Longitude'))]}
        >
          <InputNumber
            className="records-form__number"
            placeholder="89.6393"
            min={-180}
            max={180}
            step={0.0001}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="dzongkhag" label="Dzongkhag">
          <Select
            placeholder="Choose a dzongkhag"
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            loading={isLoading}
            options={dzongkhagOptions(locations)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="gewog" label="Gewog">
          <Select
            placeholder={dzongkhag ? 'Choose a gewog' : 'Choose a dzongkhag first'}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            disabled={dzongkhag ? undefined : true}
            options={gewogOptions(locations, dzongkhag)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="village" label="Village">
          <VillageAutoComplete dzongkhag={dzongkhag} gewog={gewog} placeholder="Type or pick a village" />
        </Form.Item>
      </Col>
    </Row>
  );
}
