import { Link } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { stickerPath } from "./sticker-paths.ts";

/** Where the link goes in the sentence: each language puts the name where its grammar wants it. */
const NAME_MARK = "\u0000name\u0000";

/** "Remix of <the original>" on a sticker made with "Make my version" (decision 0046). */
export function RemixOf({ source }: { source: { stickerInstId: string; name: string } }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const [before = "", after = ""] = t("remix.of", { name: NAME_MARK }).split(NAME_MARK);
  return (
    <p className="text-stone-600">
      {before}
      <Link to={to(stickerPath(source))} className="font-medium text-stone-900 underline underline-offset-2">
        <bdi>{source.name}</bdi>
      </Link>
      {after}
    </p>
  );
}
