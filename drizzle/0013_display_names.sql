-- Written by hand (decision 0036). A nick that is its e-mail's local part (what sign-up gave until now),
-- or empty, becomes a generated display name: an adjective, an animal and 100..999, chosen from the id.
UPDATE "users" SET "nick" = (ARRAY[
    'Amber', 'Bold', 'Brave', 'Breezy', 'Bright', 'Brisk', 'Bubbly', 'Calm',
    'Cheerful', 'Clever', 'Cosmic', 'Crisp', 'Curious', 'Dapper', 'Daring', 'Dreamy',
    'Eager', 'Fancy', 'Fearless', 'Fluffy', 'Friendly', 'Frosty', 'Gentle', 'Giddy',
    'Golden', 'Grand', 'Happy', 'Hearty', 'Jazzy', 'Jolly', 'Joyful', 'Keen',
    'Kind', 'Lively', 'Lucky', 'Lunar', 'Mellow', 'Merry', 'Mighty', 'Misty',
    'Mossy', 'Nimble', 'Noble', 'Peppy', 'Plucky', 'Polite', 'Proud', 'Quick',
    'Quiet', 'Rosy', 'Shiny', 'Snappy', 'Snowy', 'Sparkly', 'Speedy', 'Spry',
    'Starry', 'Steady', 'Sunny', 'Swift', 'Tidy', 'Velvet', 'Witty', 'Zesty'
  ])[1 + ('x' || substr(md5('display-name:' || "id"), 1, 7))::bit(28)::int % 64]
  || ' ' || (ARRAY[
    'Alpaca', 'Badger', 'Beaver', 'Bison', 'Camel', 'Crane', 'Deer', 'Dolphin',
    'Duck', 'Eagle', 'Falcon', 'Ferret', 'Finch', 'Flamingo', 'Fox', 'Gecko',
    'Giraffe', 'Goose', 'Hedgehog', 'Heron', 'Hippo', 'Ibis', 'Jaguar', 'Kitten',
    'Kiwi', 'Koala', 'Lemur', 'Lion', 'Llama', 'Lynx', 'Magpie', 'Marmot',
    'Meerkat', 'Moose', 'Narwhal', 'Newt', 'Ocelot', 'Octopus', 'Orca', 'Otter',
    'Owl', 'Panda', 'Parrot', 'Pelican', 'Penguin', 'Puffin', 'Quail', 'Rabbit',
    'Raccoon', 'Raven', 'Robin', 'Seal', 'Sparrow', 'Squirrel', 'Stork', 'Swan',
    'Tiger', 'Toucan', 'Turtle', 'Walrus', 'Wombat', 'Wren', 'Yak', 'Zebra'
  ])[1 + ('x' || substr(md5('display-name:' || "id"), 8, 7))::bit(28)::int % 64]
  || ' ' || (100 + ('x' || substr(md5('display-name:' || "id"), 15, 7))::bit(28)::int % 900)::text
WHERE btrim("nick") = ''
  OR ("email" IS NOT NULL AND lower("nick") IN (lower(split_part("email", '@', 1)), lower(left(split_part("email", '@', 1), 40))));
