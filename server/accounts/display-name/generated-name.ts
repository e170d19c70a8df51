import { randomInt } from "node:crypto";

/**
 * The words of a generated display name (decision 0036): English, friendly, letters only, 64 each.
 * Migration 0012 carries a copy of both lists for the names it gave existing accounts; a name once
 * given is kept, so changing a word here changes only names given after.
 */
export const NAME_ADJECTIVES: readonly string[] = `
  Amber Bold Brave Breezy Bright Brisk Bubbly Calm Cheerful Clever Cosmic Crisp Curious Dapper Daring Dreamy
  Eager Fancy Fearless Fluffy Friendly Frosty Gentle Giddy Golden Grand Happy Hearty Jazzy Jolly Joyful Keen
  Kind Lively Lucky Lunar Mellow Merry Mighty Misty Mossy Nimble Noble Peppy Plucky Polite Proud Quick
  Quiet Rosy Shiny Snappy Snowy Sparkly Speedy Spry Starry Steady Sunny Swift Tidy Velvet Witty Zesty
`
  .trim()
  .split(/\s+/);

export const NAME_ANIMALS: readonly string[] = `
  Alpaca Badger Beaver Bison Camel Crane Deer Dolphin Duck Eagle Falcon Ferret Finch Flamingo Fox Gecko
  Giraffe Goose Hedgehog Heron Hippo Ibis Jaguar Kitten Kiwi Koala Lemur Lion Llama Lynx Magpie Marmot
  Meerkat Moose Narwhal Newt Ocelot Octopus Orca Otter Owl Panda Parrot Pelican Penguin Puffin Quail Rabbit
  Raccoon Raven Robin Seal Sparrow Squirrel Stork Swan Tiger Toucan Turtle Walrus Wombat Wren Yak Zebra
`
  .trim()
  .split(/\s+/);

/** The number after the words: 100 to 999, so 64 × 64 × 900 (3.7 million) names. */
export const NAME_NUMBER_MIN = 100;
export const NAME_NUMBER_MAX = 999;

/**
 * A friendly name such as "Sunny Otter 427", from nothing but `pick`, which answers a whole number
 * in [0, n) — `crypto.randomInt` unless a test gives its own (the same picks give the same name).
 */
export function generatedDisplayName(pick: (n: number) => number = randomInt): string {
  const adjective = NAME_ADJECTIVES[pick(NAME_ADJECTIVES.length)];
  const animal = NAME_ANIMALS[pick(NAME_ANIMALS.length)];
  const number = NAME_NUMBER_MIN + pick(NAME_NUMBER_MAX - NAME_NUMBER_MIN + 1);
  return `${adjective} ${animal} ${number}`;
}
