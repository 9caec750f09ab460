import type { ReactNode } from "react";
import { Badge, Button, Tooltip } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, HolderOutlined } from "@ant-design/icons";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslation } from "react-i18next";
import type { FormComponent } from "@atalaya/shared";
import type { TreePath } from "./tree";

interface ListProps {
  items: readonly FormComponent[];
  parent: TreePath;
  selected: TreePath | null;
  problems: Map<string, unknown[]>;
  onSelect: (path: number[]) => void;
  onMove: (parent: TreePath, from: number, to: number) => void;
  onDuplicate: (path: number[]) => void;
  onRemove: (path: number[]) => void;
}

const nameOf = (c: FormComponent) => c.label || c.fieldKey || c.type;

/** The template's components as a sortable tree: each list (the top and each section's children)
 * reorders by dragging or by keyboard (space picks up, arrows move, space drops; dnd-kit announces each
 * step), plus up/down, duplicate and delete buttons on each row. */
export function ComponentList(props: ListProps): ReactNode {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = props.items.map((_, i) => [...props.parent, i].join("."));
  const name = (id: string | number) => {
    const i = ids.indexOf(String(id));
    return i >= 0 ? nameOf(props.items[i]!) : String(id);
  };
  const position = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("forms.builder.dragStart", { name: name(active.id) }),
    onDragOver: ({ active, over }) => t("forms.builder.dragOver", { name: name(active.id), index: position(over?.id) }),
    onDragEnd: ({ active, over }) => t("forms.builder.dragEnd", { name: name(active.id), index: position(over?.id) }),
    onDragCancel: ({ active }) => t("forms.builder.dragCancel", { name: name(active.id) }),
  };
  const end = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    props.onMove(props.parent, ids.indexOf(String(e.active.id)), ids.indexOf(String(e.over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end} accessibility={{ announcements }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="builder-list" data-testid={props.parent.length ? `builder-list-${props.parent.join("-")}` : "builder-list"}>
          {props.items.map((c, i) => (
            <Row key={ids[i]} id={ids[i]!} c={c} index={i} count={props.items.length} {...props} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function Row({ id, c, index, count, ...props }: ListProps & { id: string; c: FormComponent; index: number; count: number }): ReactNode {
  const { t } = useTranslation();
  const path = [...props.parent, index];
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const selected = props.selected?.join(".") === path.join(".");
  const problems = props.problems.get(path.join("."))?.length ?? 0;
  const name = nameOf(c);
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={`builder-row${isDragging ? " builder-row-dragging" : ""}`} data-testid="builder-row" data-key={c.fieldKey}>
      <div className={`builder-row-main${selected ? " builder-row-selected" : ""}`}>
        <button type="button" ref={setActivatorNodeRef} className="builder-handle" aria-label={t("forms.builder.drag", { name })} {...attributes} {...listeners}>
          <HolderOutlined aria-hidden />
        </button>
        <button type="button" className="builder-row-name" aria-pressed={selected} onClick={() => props.onSelect(path)} data-testid={`builder-select-${c.fieldKey}`}>
          <span className="builder-row-type">{t(`forms.types.${c.type}`)}</span>
          <span className="builder-row-label">{name}</span>
          {problems > 0 && <Badge count={problems} title={t("forms.builder.problems", { count: problems })} className="builder-row-badge" />}
        </button>
        <span className="builder-row-tools">
          <Tooltip title={t("forms.builder.moveUp", { name })}>
            <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t("forms.builder.moveUp", { name })} disabled={index === 0} onClick={() => props.onMove(props.parent, index, index - 1)} />
          </Tooltip>
          <Tooltip title={t("forms.builder.moveDown", { name })}>
            <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t("forms.builder.moveDown", { name })} disabled={index === count - 1} onClick={() => props.onMove(props.parent, index, index + 1)} />
          </Tooltip>
          <Tooltip title={t("forms.builder.duplicate", { name })}>
            <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t("forms.builder.duplicate", { name })} onClick={() => props.onDuplicate(path)} />
          </Tooltip>
          <Tooltip title={t("forms.builder.remove", { name })}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t("forms.builder.remove", { name })} onClick={() => props.onRemove(path)} />
          </Tooltip>
        </span>
      </div>
      {c.type === "section" && (c.children?.length ?? 0) > 0 && <ComponentList {...props} items={c.children ?? []} parent={path} />}
    </li>
  );
}
