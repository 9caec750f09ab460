import { useMemo, useState, type ReactNode } from "react";
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Segmented, Select, Space, Typography } from "antd";
import { useToast } from "../../../lib/use-toast";
import { CloseOutlined, EnvironmentOutlined, SendOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { PRIORITIES, type InformerType, type Priority } from "@atalaya/shared";
import { isApiError } from "../../../lib/api";
import { ReportTypeIcon } from "../../../components/report-type-visual";
import { useReportSync } from "../lists/use-report-list";
import { useSettings } from "../../settings";
import { createCompanyReport } from "../report-api";
import {
  DEFAULT_PHONE_PREFIX,
  FORM_INFORMER_TYPES,
  PHONE_PREFIXES,
  mapServerFieldErrors,
  phoneError,
  splitPhone,
  toCreatePayload,
  typeOptionGroups,
  validateCreateReport,
  type CreateReportField,
  type CreateReportValues,
  type FieldErrorKey,
} from "./create-report-form";
import { CallerLookup } from "./caller-lookup";
import { LocationPicker, canUseWebGl, type LatLng } from "./location-picker";
import "./create-report.css";
import { useClearable } from "../../../components/use-clearable";

type FormValues = Omit<CreateReportValues, "type" | "priority"> & { type?: number; priority?: Priority };

const INITIAL: Partial<FormValues> = {
  informerType: "anonymous",
  phonePrefix: DEFAULT_PHONE_PREFIX,
  description: "",
  phone: "",
  firstName: "",
  lastName: "",
  email: "",
  address: "",
  location: null,
};

function complete(values: Partial<FormValues>): CreateReportValues {
  return {
    type: values.type,
    description: values.description ?? "",
    priority: values.priority,
    informerType: values.informerType ?? "anonymous",
    phonePrefix: values.phonePrefix ?? DEFAULT_PHONE_PREFIX,
    phone: values.phone ?? "",
    firstName: values.firstName ?? "",
    lastName: values.lastName ?? "",
    email: values.email ?? "",
    address: values.address ?? "",
    location: values.location ?? null,
  };
}

/** `/v3/events/new`: create a report on behalf of a caller (SPEC §2/§3), placed on a map or by address. */
export function CreateReportPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const clearable = useClearable();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const navigate = useNavigate();
  const message = useToast();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const sync = useReportSync(companyId);
  const [form] = Form.useForm<FormValues>();
  const informerType = Form.useWatch("informerType", form) ?? "anonymous";
  const location = Form.useWatch("location", form) ?? null;
  const center = settings.company.bound;
  // Without WebGL there is no map: the organisation's location stands in and the address says where.
  const [mapAvailable] = useState(canUseWebGl);
  // The caller's phone once it is a valid number: looked up among the app's users.
  const [lookupPhone, setLookupPhone] = useState<string | null>(null);

  const typeGroups = useMemo(
    () =>
      typeOptionGroups(lang, settings.user.reportTypes).map((group) => ({
        label: group.label,
        options: group.options.map((option) => ({
          value: option.value,
          searchLabel: option.label,
          label: (
            <Flex align="center" gap={8}>
              <ReportTypeIcon typeId={option.value} size={18} />
              {option.label}
            </Flex>
          ),
        })),
      })),
    [lang, settings.user.reportTypes],
  );

  const errorText = (key: FieldErrorKey): string => t(`createReport.fieldErrors.${key}`);
  const showErrors = (errors: Partial<Record<CreateReportField, FieldErrorKey>>): void => {
    form.setFields(
      (Object.entries(errors) as [CreateReportField, FieldErrorKey][]).map(([name, key]) => ({ name, errors: [errorText(key)] })),
    );
  };

  const create = useMutation({
    mutationFn: (values: CreateReportValues) => {
      if (values.type === undefined || values.location === null) throw new Error("incomplete form");
      return createCompanyReport(companyId, toCreatePayload({ ...values, type: values.type, location: values.location }));
    },
    onSuccess: (report) => {
      // Known before its real-time event arrives: the list shows it and the creator's alarm stays quiet.
      sync?.handle({ type: "newReport", seq: 0, companyId, data: { report } });
      void message.success(t("createReport.created", { id: report.id }));
      navigate(`/v3/events/${report.uuid}`);
    },
    onError: (error) => {
      if (isApiError(error) && error.fields.length > 0) {
        const errors = mapServerFieldErrors(error.fields);
        if (Object.keys(errors).length > 0) {
          showErrors(errors);
          void message.error(t("createReport.fixErrors"));
          return;
        }
      }
      void message.error(error.message);
    },
  });

  const submit = (raw: Partial<FormValues>): void => {
    const values = complete(raw);
    const errors = validateCreateReport(values);
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      return;
    }
    create.mutate(values);
  };

  const required = { validator: (_: unknown, value: unknown) => (value === undefined || value === null || String(value).trim() === "" ? Promise.reject(new Error(errorText("required"))) : Promise.resolve()) };

  return (
    <div className="create-report" data-testid="create-report">
      <header className="create-report__header">
        <div>
          <Typography.Title level={2} className="create-report__title">
            {t("createReport.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("createReport.subtitle")}</Typography.Text>
        </div>
        <Button type="text" icon={<CloseOutlined />} aria-label={t("common.cancel")} onClick={() => navigate("/v3/events")} />
      </header>

      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={mapAvailable ? INITIAL : { ...INITIAL, location: { latitude: center.latitude, longitude: center.longitude } }}
        onFinish={submit}
        onFinishFailed={() => void message.error(t("createReport.fixErrors"))}
        disabled={create.isPending}
        scrollToFirstError
        data-testid="create-report-form"
      >
        <Card size="small" title={t("createReport.sectionReport")} className="create-report__card">
          <Row gutter={16}>
            <Col xs={24} lg={15}>
              <Form.Item name="type" label={t("createReport.type")} rules={[required]} required>
                <Select
                  showSearch={{ optionFilterProp: "searchLabel" }}
                  placeholder={t("createReport.typePlaceholder")}
                  options={typeGroups}
                  data-testid="create-type"
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={9}>
              <Form.Item name="priority" label={t("createReport.priority")}>
                <Select
                  allowClear={clearable}
                  placeholder={t("createReport.priorityAuto")}
                  options={[...PRIORITIES].reverse().map((priority) => ({ value: priority, label: t(`priorities.${priority}`) }))}
                  data-testid="create-priority"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="description"
            label={t("createReport.description")}
            required
            rules={[required, { max: 4000, message: errorText("tooLong") }]}
          >
            <Input.TextArea
              rows={4}
              maxLength={4000}
              showCount
              placeholder={t("createReport.descriptionPlaceholder")}
              data-testid="create-description"
            />
          </Form.Item>
        </Card>

        <Card size="small" title={t("createReport.sectionInformer")} className="create-report__card">
          <Form.Item name="informerType" label={t("createReport.informerType")} required>
            <Segmented<InformerType>
              block
              options={FORM_INFORMER_TYPES.map((type) => ({ value: type, label: t(`createReport.informerTypes.${type}`) }))}
              data-testid="create-informer"
            />
          </Form.Item>
          {informerType === "user" && (
            <>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item label={t("createReport.phone")} required>
                    <Space.Compact block>
                      <Form.Item name="phonePrefix" noStyle>
                        <Select
                          className="create-report__prefix"
                          popupMatchSelectWidth={false}
                          options={PHONE_PREFIXES.map(({ prefix, country }) => ({ value: prefix, label: `${country} ${prefix}` }))}
                          aria-label={t("createReport.phone")}
                          data-testid="create-phone-prefix"
                        />
                      </Form.Item>
                      <Form.Item
                        name="phone"
                        noStyle
                        dependencies={["phonePrefix"]}
                        validateTrigger="onBlur"
                        rules={[
                          {
                            validator: (_, value: string | undefined) => {
                              const key = phoneError(form.getFieldValue("phonePrefix") ?? DEFAULT_PHONE_PREFIX, value ?? "");
                              return key ? Promise.reject(new Error(errorText(key))) : Promise.resolve();
                            },
                          },
                        ]}
                      >
                        <Input
                          inputMode="tel"
                          autoComplete="tel-national"
                          // A pasted "+56 9 8765 4321" becomes the +56 prefix and "987654321".
                          onBlur={(event) => {
                            const { prefix, local } = splitPhone(form.getFieldValue("phonePrefix") ?? DEFAULT_PHONE_PREFIX, event.target.value);
                            if (local !== event.target.value) form.setFieldsValue({ phonePrefix: prefix, phone: local });
                            setLookupPhone(phoneError(prefix, local) === null ? `${prefix}${local.replace(/\D/g, "")}` : null);
                          }}
                          placeholder={t("createReport.phonePlaceholder")}
                          data-testid="create-phone"
                        />
                      </Form.Item>
                    </Space.Compact>
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="email" label={t("createReport.email")} rules={[{ type: "email", message: errorText("email") }]}>
                    <Input type="email" autoComplete="email" placeholder={t("createReport.emailPlaceholder")} data-testid="create-email" />
                  </Form.Item>
                </Col>
              </Row>
              <CallerLookup
                companyId={companyId}
                phone={lookupPhone}
                onUse={(user) =>
                  form.setFieldsValue({ firstName: user.firstName, lastName: user.lastName, ...(user.email ? { email: user.email } : {}) })
                }
              />
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="firstName" label={t("createReport.firstName")} required rules={[required]}>
                    <Input autoComplete="given-name" maxLength={100} data-testid="create-first-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="lastName" label={t("createReport.lastName")}>
                    <Input autoComplete="family-name" maxLength={100} data-testid="create-last-name" />
                  </Form.Item>
                </Col>
              </Row>
            </>
          )}
        </Card>

        <Card size="small" title={t("createReport.sectionLocation")} className="create-report__card">
          <Form.Item name="address" label={t("createReport.address")} rules={[{ max: 300, message: errorText("tooLong") }]}>
            <Input prefix={<EnvironmentOutlined />} maxLength={300} placeholder={t("createReport.addressPlaceholder")} data-testid="create-address" />
          </Form.Item>
          {!mapAvailable && <Alert type="info" showIcon title={t("createReport.mapUnavailable")} data-testid="map-unavailable" />}
          <Form.Item
            name="location"
            required
            hidden={!mapAvailable}
            rules={[{ validator: (_, value: LatLng | null) => (value ? Promise.resolve() : Promise.reject(new Error(errorText("location")))) }]}
            extra={
              location
                ? t("createReport.coordinates", { lat: location.latitude.toFixed(6), lng: location.longitude.toFixed(6) })
                : t("createReport.locationHint")
            }
          >
            <LocationPicker value={location} center={center} onChange={(value) => form.setFieldValue("location", value)} />
          </Form.Item>
        </Card>

        <div className="create-report__footer">
          <Space>
            <Button onClick={() => navigate("/v3/events")}>{t("common.cancel")}</Button>
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={create.isPending} data-testid="create-submit">
              {t("createReport.submit")}
            </Button>
          </Space>
        </div>
      </Form>
    </div>
  );
}
