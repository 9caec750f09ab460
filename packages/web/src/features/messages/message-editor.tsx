import { useMemo, type ReactNode } from "react";
import { LinkOutlined } from "@ant-design/icons";
import {
  BtnBold,
  BtnBulletList,
  BtnClearFormatting,
  BtnItalic,
  BtnNumberedList,
  BtnRedo,
  BtnStrikeThrough,
  BtnUnderline,
  BtnUndo,
  Editor,
  EditorProvider,
  Separator,
  Toolbar,
  createButton,
  createDropdown,
} from "react-simple-wysiwyg";
import { useTranslation } from "react-i18next";

/** The message body's rich-text editor: react-simple-wysiwyg's toolbar, with every button, the link
 * prompt and the block-style list named in the user's language (the library's own names are English,
 * and its list had only a title for a label). No raw-HTML mode: operators write text, not markup. */
export function MessageEditor({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }): ReactNode {
  const { t } = useTranslation();
  // Components made by the library's factories: made again only when the language (so t) changes.
  const { LinkButton, StyleList } = useMemo(
    () => ({
      LinkButton: createButton(t("massMessages.editor.link"), <LinkOutlined />, ({ $selection }) => {
        if ($selection?.nodeName === "A") document.execCommand("unlink");
        else {
          const url = window.prompt(t("massMessages.editor.linkPrompt"), "https://");
          if (url) document.execCommand("createLink", false, url);
        }
      }),
      StyleList: createDropdown(t("massMessages.editor.styles"), [
        [t("massMessages.editor.normal"), "formatBlock", "DIV"],
        [t("massMessages.editor.heading1"), "formatBlock", "H1"],
        [t("massMessages.editor.heading2"), "formatBlock", "H2"],
      ]),
    }),
    [t],
  );
  const named = (key: string) => ({ title: t(`massMessages.editor.${key}`), "aria-label": t(`massMessages.editor.${key}`) });
  return (
    <EditorProvider>
      <Editor value={value} onChange={(e) => onChange(e.target.value)} role="textbox" aria-multiline aria-label={label} containerProps={{ style: { minHeight: 160 } }}>
        <Toolbar>
          <BtnUndo {...named("undo")} />
          <BtnRedo {...named("redo")} />
          <Separator />
          <BtnBold {...named("bold")} />
          <BtnItalic {...named("italic")} />
          <BtnUnderline {...named("underline")} />
          <BtnStrikeThrough {...named("strikeThrough")} />
          <Separator />
          <BtnNumberedList {...named("numberedList")} />
          <BtnBulletList {...named("bulletList")} />
          <Separator />
          <LinkButton {...named("link")} />
          <BtnClearFormatting {...named("clearFormatting")} />
          <Separator />
          <StyleList aria-label={t("massMessages.editor.styles")} />
        </Toolbar>
      </Editor>
    </EditorProvider>
  );
}
