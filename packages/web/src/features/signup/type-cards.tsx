import type { ReactNode } from "react";
import { Checkbox, Col, Row } from "antd";
import { useTranslation } from "react-i18next";
import { localizedName, reportTypeById } from "@atalaya/shared";
import { ReportTypeIcon } from "../../components/report-type-visual";

/** Steps 4 and 5 (SPEC §2): a card per report type — image by id, name, description and a round
 * checkbox — in a grid of 1, 2 or 3 per row (spans 24/12/8); a click anywhere on the card toggles it. */
export function TypeCards({ ids, selected, onToggle, disabled }: { ids: readonly number[]; selected: ReadonlySet<number>; onToggle: (id: number) => void; disabled: boolean }): ReactNode {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Row gutter={[16, 16]}>
      {ids.map((id) => {
        const type = reportTypeById(id);
        if (!type) return null;
        const checked = selected.has(id);
        return (
          <Col key={id} xs={24} sm={12} md={8}>
            {/* The card is the checkbox's click area; the checkbox itself (named by the type's name and
                described by its description) is what keyboards and screen readers use. */}
            <div
              className={`type-card${checked ? " type-card--selected" : ""}`}
              data-testid={`type-card-${id}`}
              onClick={(e) => {
                if (!disabled && !(e.target as Element).closest(".type-card__check")) onToggle(id);
              }}
            >
              <Checkbox
                className="type-card__check"
                checked={checked}
                disabled={disabled}
                onChange={() => onToggle(id)}
                aria-labelledby={`type-name-${id}`}
                aria-describedby={`type-description-${id}`}
              />
              <ReportTypeIcon typeId={id} size={40} />
              <span className="type-card__name" id={`type-name-${id}`}>{localizedName(type.nameLocalized, lang)}</span>
              <span className="type-card__description" id={`type-description-${id}`}>{localizedName(type.descriptionLocalized, lang)}</span>
            </div>
          </Col>
        );
      })}
    </Row>
  );
}
