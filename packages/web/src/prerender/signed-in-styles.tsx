// Rendered at build time (prerender.mjs), never shipped to the browser: the Ant Design components the
// signed-in shell and the events panel show when they open, and a report when it opens from the panel,
// rendered once so that their styles can be written into a stylesheet (dist/assets/antd-<hash>.css) that
// index.html links. In the browser, Ant Design then finds each of these styles listed in that stylesheet
// (its cache-path map) and neither generates nor injects it: on a phone, making and inserting them was the
// largest part of the panel's first render and commit (bench/README.md, issue 36). A component missing
// here is still styled, at run time as before; a variant here that the page does not use only costs its
// bytes.
import { renderToString } from "react-dom/server";
import { Alert, App, Avatar, Badge, Button, Card, Checkbox, Col, ConfigProvider, Divider, Drawer, Dropdown, Empty, Flex, Form, Input, Layout, Menu, Modal, Popover, Row, Select, Skeleton, Spin, Tabs, Tag, Tooltip, Typography, Upload } from "antd";
import esES from "antd/locale/es_ES";
import { StyleProvider, createCache, extractStyle } from "@ant-design/cssinjs";
import emotionHash from "@emotion/hash";
import { THEME_VARIABLES_KEY, theme } from "../app/theme";

// The hash Ant Design's style ids are made with. This file runs in Node, which hands a CommonJS package's
// whole exports object to a default import; a bundler hands over its `default`.
const hash: (text: string) => string = (emotionHash as unknown as { default?: typeof emotionHash }).default ?? emotionHash;

/** Every component whose styles `/v3/events` registers as it opens, on a phone and on a desktop (the
 * side menu): what the page injected at run time before this stylesheet existed. The header search's
 * input, the menus and the dialogs come later, with their own styles, when first opened. */
function FirstPaintComponents() {
  return (
    <App>
      <Layout>
        <Layout.Sider collapsible trigger={null}>
          <Menu theme="dark" mode="inline" items={[{ key: "a", label: "a" }]} />
        </Layout.Sider>
        <Layout>
          <Layout.Header />
          <Layout.Content>
            <Flex gap={8} align="center">
              <Button type="primary">a</Button>
              <Button type="text" size="small">a</Button>
              <Button ghost loading>a</Button>
              <Avatar size={20}>a</Avatar>
              <Avatar shape="square" size={32}>a</Avatar>
              <Badge count={1} size="small" />
              <Badge dot />
              <Divider orientation="vertical" />
              <Typography.Title level={1}>a</Typography.Title>
              <Typography.Text type="secondary">a</Typography.Text>
              <Typography.Paragraph ellipsis={{ rows: 2 }}>a</Typography.Paragraph>
              <Tag color="purple">a</Tag>
              <Tag color="error" variant="solid">a</Tag>
              <Checkbox />
              <Spin size="small" />
              <Alert type="warning" showIcon title="a" />
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              <Empty image={Empty.PRESENTED_IMAGE_DEFAULT} />
              <Skeleton active avatar title paragraph={{ rows: 2 }} />
              <Tooltip title="a">
                <span>a</span>
              </Tooltip>
              <Popover content="a">
                <span>a</span>
              </Popover>
              <Dropdown menu={{ items: [{ key: "a", label: "a" }] }}>
                <span>a</span>
              </Dropdown>
              <Drawer open={false} />
            </Flex>
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  );
}

/** Every component whose styles a report registers as it opens from the panel (its tabs, cards, the
 * comment form and its attachments, the close dialog): 264 KB of CSS that the page made and injected on the
 * first report it opened, in 34 tags, the responsive grid's 87 KB among them. */
function ReportComponents() {
  return (
    <Row gutter={[8, 8]}>
      <Col xs={24} md={12}>
        <Tabs items={[{ key: "a", label: "a", children: "a" }]} />
        <Card size="small" title="a">
          a
        </Card>
        <Form layout="vertical">
          <Form.Item label="a" name="a">
            <Input />
          </Form.Item>
          <Form.Item label="b" name="b">
            <Input.TextArea />
          </Form.Item>
          <Form.Item label="c" name="c">
            <Select options={[{ value: "a", label: "a" }]} />
          </Form.Item>
        </Form>
        <Upload />
        <Modal open={false} />
      </Col>
    </Row>
  );
}

/** Those components' Ant Design styles, with the cache-path map Ant Design reads (`css`, a stylesheet), and
 * the theme's and the components' CSS variables (`variables`, Ant Design's own style tags). Ant Design
 * injects the variables at run time whatever the stylesheet holds, unless the page already has a tag of
 * the same hash and text: written into the page, they are found instead of parsed and inserted while the
 * panel commits (a quarter of its longest task on a phone, bench/README.md). */
export function renderSignedInStyles(): { css: string; variables: string } {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={theme} locale={esES}>
        <FirstPaintComponents />
        <ReportComponents />
      </ConfigProvider>
    </StyleProvider>,
  );
  // Without the cache-path map extractStyle appends to its tags: an inline map would tell Ant Design that
  // the styles are in tags rather than in the stylesheet, and it would make and inject them all again.
  const extracted = extractStyle(cache, { types: ["token", "cssVar"] }).replace(/<style data-ant-cssinjs-cache-path[^>]*>[^<]*<\/style>/, "");
  // The theme's own variables are written under the token's key, but the browser looks them up under
  // hash(`css-var-${key}`) (@ant-design/cssinjs's useCacheToken): given that id, the tag is found too.
  const themeTag = new RegExp(`(<style[^>]* data-css-hash=")[^"]+("[^>]*>\\.${THEME_VARIABLES_KEY}\\{)`);
  if (!themeTag.test(extracted)) throw new Error(`the signed-in styles hold no .${THEME_VARIABLES_KEY} variables (theme.ts's cssVar key)`);
  const variables = extracted.replace(themeTag, (_, before: string, after: string) => `${before}${hash(`css-var-${THEME_VARIABLES_KEY}`)}${after}`);
  return { css: extractStyle(cache, { plain: true, types: ["style"] }), variables };
}
