import { SpeciesInputSchema, type SpeciesTextField } from '@jarog/contracts';
import type { FormRule } from 'antd';
import { AutoComplete, Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { required, zodRule } from '../../lib/form-rules';
import { CITES_OPTIONS, IUCN_OPTIONS, RESIDENCY_OPTIONS, SPECIES_FIELD_LABELS } from './species-fields';
import { optionsFor, type TaxonomyField, taxonomyWarning } from './taxonomy';

const shape = SpeciesInputSchema.shape;

/** The rules of a text field: the contracts schema's own (length limits), the same words as the API. */
const rulesOf = (field: SpeciesTextField): FormRule[] =>
  field === 'englishName'
    ? [required('English name is required!'), zodRule(shape.englishName)]
    : [zodRule(shape[field])];

function Field({
  name,
  children,
  wide,
  extraRules = [],
}: {
  name: SpeciesTextField;
  children: ReactNode;
  wide?: boolean;
  extraRules?: FormRule[];
}) {
  return (
    <Col xs={24} md={wide ? 24 : 12}>
      <Form.Item
        name={name}
        label={SPECIES_FIELD_LABELS[name]}
        rules={[...rulesOf(name), ...extraRules]}
        validateFirst
      >
        {children}
      </Form.Item>
    </Col>
  );
}

/**
 * A taxonomy dropdown: the national list's values (families of the order picked, genera of the family
 * picked) to choose from; anything else may still be typed, and is warned about (not refused).
 */
function TaxonomyInput({ field, id, ...rest }: { field: TaxonomyField; id?: string; value?: string | null }) {
  const form = Form.useFormInstance();
  const order = Form.useWatch('order', form) as string | null | undefined;
  const familyName = Form.useWatch('familyName', form) as string | null | undefined;
  const values = optionsFor(field, { order, familyName });
  return (
    <AutoComplete
      {...rest}
      id={id}
      allowClear
      placeholder="Choose from the national list"
      options={values.map((v) => ({ value: v }))}
      showSearch={{
        filterOption: (input, option) =>
          String(option?.value ?? '')
            .toLowerCase()
            .includes(input.trim().toLowerCase()),
      }}
    />
  );
}

/** Free entry is allowed, with a warning (a rule that only warns: the form still saves). */
const taxonomyRule =
  (field: TaxonomyField): FormRule =>
  ({ getFieldValue }) => ({
    warningOnly: true,
    validator: async (_rule, value: unknown) => {
      const problem = taxonomyWarning(field, typeof value === 'string' ? value : '', {
        order: getFieldValue('order'),
        familyName: getFieldValue('familyName'),
      });
      if (problem) throw new Error(problem);
    },
  });

/** 'General Info': every species field, for add and edit alike. */
export function SpeciesFormFields() {
  const text = (placeholder?: string) => <Input autoComplete="off" placeholder={placeholder} />;
  return (
    <>
      <Row gutter={16}>
        <Field name="englishName">{text('e.g. Black-necked Crane')}</Field>
        <Field name="scientificName">{text('e.g. Grus nigricollis')}</Field>
        <Field name="authority">{text('e.g. Przevalski, 1876')}</Field>
        <Col xs={24} md={12}>
          <Form.Item
            name="observations"
            label={SPECIES_FIELD_LABELS.observations}
            rules={[zodRule(shape.observations)]}
          >
            <InputNumber min={0} precision={0} className="species-form__number" placeholder="0" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        Taxonomy
      </Divider>
      <Row gutter={16}>
        <Field name="order" extraRules={[taxonomyRule('order')]}>
          <TaxonomyInput field="order" />
        </Field>
        <Field name="familyName" extraRules={[taxonomyRule('familyName')]}>
          <TaxonomyInput field="familyName" />
        </Field>
        <Field name="genus" extraRules={[taxonomyRule('genus')]}>
          <TaxonomyInput field="genus" />
        </Field>
        <Field name="species">{text()}</Field>
        <Field name="group" extraRules={[taxonomyRule('group')]}>
          <TaxonomyInput field="group" />
        </Field>
      </Row>
      <Divider titlePlacement="start" plain>
        Local names
      </Divider>
      <Row gutter={16}>
        <Field name="dzongkhaName">{text()}</Field>
        <Field name="lhoName">{text()}</Field>
        <Field name="sharName">{text()}</Field>
        <Field name="khengName">{text()}</Field>
      </Row>
      <Divider titlePlacement="start" plain>
        Status
      </Divider>
      <Row gutter={16}>
        <Field name="iucnStatus">
          <Select allowClear options={IUCN_OPTIONS} placeholder="Choose a status" />
        </Field>
        <Field name="citesAppendix">
          <Select allowClear options={CITES_OPTIONS} placeholder="Choose an appendix" />
        </Field>
        <Field name="residency">
          <Select allowClear options={RESIDENCY_OPTIONS} placeholder="Choose a residency" />
        </Field>
        <Field name="bhutanSchedule">{text()}</Field>
      </Row>
      <Divider titlePlacement="start" plain>
        Habitat and description
      </Divider>
      <Row gutter={16}>
        <Field name="habitat" wide>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Field>
        <Field name="description" wide>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
        </Field>
      </Row>
    </>
  );
}
