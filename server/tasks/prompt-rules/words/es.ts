/**
 * Spanish prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

export const es: WordList = {
  language: "es",
  matching: "words",
  sexual: [
    "porn*",
    "desnudez",
    "mujer desnuda",
    "mujeres desnudas",
    "hombre desnudo",
    "chica desnuda",
    "chico desnudo",
    "cuerpo desnudo",
    "persona desnuda",
    "fotos desnud*",
    "sexo explícito",
    "sexo oral",
    "sexo anal",
    "violador*",
    "violación sexual",
  ],
  minors: ["pedófil*", "pedofil*", "pornografia infantil"],
  violence: ["decapitad*", "decapitación", "descuartiz*"],
  hate: ["nazi", "nazis", "esvastica nazi", "maricón*", "sudaca*"],
  selfHarm: ["cómo suicidarme", "cómo matarme", "métodos de suicidio"],
};
