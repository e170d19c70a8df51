/** Every language's prompt rules (decision 0032): one list per interface language, all checked against every prompt. */
import type { WordList } from "../word-list.ts";
import { ar } from "./ar.ts";
import { bn } from "./bn.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { hi } from "./hi.ts";
import { id } from "./id.ts";
import { ja } from "./ja.ts";
import { ko } from "./ko.ts";
import { pt } from "./pt.ts";
import { ru } from "./ru.ts";
import { zh } from "./zh.ts";
import { zhTW } from "./zh-TW.ts";

export const WORD_LISTS: readonly WordList[] = [en, zh, zhTW, ko, ja, pt, es, hi, ar, fr, de, ru, bn, id];
