/**
 * The seed catalogue: five styles, eight series of 7-12 figures (each with a secret), and a blind
 * box per series (one series has a second, "secret hunter" box with better secret odds).
 * Loaded by `npm run seed -w api` and on the embedded database's first start.
 */
import type { SeedBox, SeedSeries, SeedStyle } from './catalogue-types';

export const SEED_STYLES: readonly SeedStyle[] = [
  {
    slug: 'kawaii-pop',
    name: 'Kawaii Pop',
    description: 'Round, pastel and sweet: big eyes, tiny paws and a lot of frosting.',
  },
  {
    slug: 'street-vinyl',
    name: 'Street Vinyl',
    description: 'Designer vinyl from the city: sneakers, spray cans and late-night neon.',
  },
  {
    slug: 'dreamy-fantasy',
    name: 'Dreamy Fantasy',
    description: 'Moonlit woods, sleepy spirits and little creatures from bedtime stories.',
  },
  {
    slug: 'ocean-folk',
    name: 'Ocean Folk',
    description: 'Tide pools, reef towns and the small sailors who live there.',
  },
  {
    slug: 'retro-mecha',
    name: 'Retro Mecha',
    description: 'Tin robots and brave little machines in the colours of 1970s toy boxes.',
  },
];

/** A standard blind box: 1 in 144 for the secret, as the field prints on its boxes. */
function blindBox(seriesSlug: string, seriesName: string, priceMinor: number): SeedBox {
  return {
    slug: `${seriesSlug}-blind-box`,
    name: `${seriesName} Blind Box`,
    description: `One random figure from ${seriesName}, sealed. Odds for every figure are published below.`,
    priceMinor,
    currency: 'USD',
    secretOddsPpm: 6_944,
    stock: { regular: 144, secret: 12 },
  };
}

export const SEED_SERIES: readonly SeedSeries[] = [
  {
    slug: 'cloud-bakery',
    style: 'kawaii-pop',
    name: 'Cloud Bakery',
    description: 'A bakery above the clouds where every pastry has a furry friend baked in.',
    releasedOn: '2024-03-15',
    heightMm: 72,
    figures: [
      [
        'Croissant Cub',
        'A bear cub curled up like a buttery croissant.',
        { kind: 'bear', pose: 'curl', prop: 'croissant' },
      ],
      ['Macaron Mouse', 'Balances a pink macaron twice her size.', { kind: 'mouse', prop: 'macaron' }],
      ['Mochi Bunny', 'Soft, squishy and always dusted with sugar.', { kind: 'rabbit' }],
      ['Donut Duck', 'Wears a glazed donut as a swimming ring.', { kind: 'duck', prop: 'donut' }],
      ['Pudding Pup', 'Wobbles when happy, which is always.', { kind: 'dog' }],
      [
        'Eclair Kitten',
        'Naps on a chocolate eclair, tail in the cream.',
        { kind: 'cat', pose: 'lie', prop: 'eclair' },
      ],
      ['Muffin Panda', 'Blueberry muffin hat, crumbs on both cheeks.', { kind: 'panda', prop: 'muffin' }],
      ['Bagel Bear', 'Peeks through the hole of a sesame bagel.', { kind: 'bear', prop: 'bagel' }],
    ],
    secret: ['Golden Souffle', 'Rises only once a year, dressed in gold leaf.', { kind: 'pastry' }],
    boxes: [
      blindBox('cloud-bakery', 'Cloud Bakery', 1_299),
      {
        slug: 'cloud-bakery-secret-hunter',
        name: 'Cloud Bakery Secret Hunter Box',
        description: 'The same line-up with twice the chance of its secret figure.',
        priceMinor: 1_999,
        currency: 'USD',
        secretOddsPpm: 13_889,
        stock: { regular: 24, secret: 4 },
      },
    ],
  },
  {
    slug: 'pastel-picnic',
    style: 'kawaii-pop',
    name: 'Pastel Picnic',
    description: 'A spring picnic on a checkered blanket, with guests who brought far too much jam.',
    releasedOn: '2024-09-01',
    heightMm: 68,
    figures: [
      ['Jam Jar Fox', 'Hides in a strawberry jam jar, ears sticky.', { kind: 'fox', prop: 'jar' }],
      [
        'Teapot Hedgehog',
        'Spikes like a tea cosy, steam from the spout.',
        { kind: 'hedgehog', prop: 'spout' },
      ],
      [
        'Sandwich Sloth',
        'Slowly, very slowly, eating a cucumber sandwich.',
        { kind: 'sloth', prop: 'sandwich' },
      ],
      ['Lemonade Lamb', 'Fluffy wool, a straw and a paper umbrella.', { kind: 'lamb', prop: 'lemonade' }],
      [
        'Basket Badger',
        'Guards the picnic basket with great seriousness.',
        { kind: 'badger', prop: 'basket' },
      ],
      ['Blossom Chick', 'Just hatched from a cherry blossom.', { kind: 'bird', prop: 'blossom' }],
    ],
    secret: [
      'Rainbow Blanket Ghost',
      'The picnic blanket itself, come to life at sunset.',
      { kind: 'ghost', pose: 'float', prop: 'rainbow' },
    ],
    boxes: [blindBox('pastel-picnic', 'Pastel Picnic', 1_199)],
  },
  {
    slug: 'night-market',
    style: 'street-vinyl',
    name: 'Night Market',
    description: 'Neon stalls, steaming buns and the regulars who run the market after midnight.',
    releasedOn: '2023-11-20',
    heightMm: 90,
    figures: [
      ['Noodle Slinger', 'Pulls noodles a metre long without looking.', { kind: 'person', prop: 'noodles' }],
      [
        'Bubble Tea Bandit',
        'Never seen without an extra-large taro milk tea.',
        { kind: 'person', prop: 'bubble-tea' },
      ],
      ['Lantern Keeper', 'Lights every lantern on the street at dusk.', { kind: 'person', prop: 'lantern' }],
      ['Skewer Samurai', 'Two grilled skewers, one stern face.', { kind: 'person', prop: 'skewers' }],
      ['Dumpling Dealer', 'Folds eighteen pleats in every dumpling.', { kind: 'person', prop: 'dumpling' }],
      [
        'Neon Sign Painter',
        'Paints signs that glow before they are plugged in.',
        { kind: 'person', prop: 'brush' },
      ],
      ['Vinyl Digger', 'Crate-digs for records between the food stalls.', { kind: 'person', prop: 'record' }],
      ['Claw Machine Kid', 'Has never once lost at the claw machine.', { kind: 'person', prop: 'claw' }],
      [
        'Fortune Cat Cashier',
        'Waves customers in, counts coins with the other paw.',
        { kind: 'cat', pose: 'wave', prop: 'coin' },
      ],
    ],
    secret: [
      'Midnight Chef',
      'Cooks one secret dish, for one customer, at midnight.',
      { kind: 'person', prop: 'chef-hat' },
    ],
    boxes: [blindBox('night-market', 'Night Market', 1_499)],
  },
  {
    slug: 'skate-spirits',
    style: 'street-vinyl',
    name: 'Skate Spirits',
    description: 'Little ghosts who haunt the skate park and land every trick.',
    releasedOn: '2025-02-14',
    heightMm: 85,
    figures: [
      [
        'Kickflip Kappa',
        'Keeps the water in his head bowl through every flip.',
        { kind: 'kappa', prop: 'skateboard' },
      ],
      ['Grind Goblin', 'Sparks fly from the rail and from his grin.', { kind: 'goblin', prop: 'skateboard' }],
      [
        'Halfpipe Haunt',
        'Floats at the top of the ramp a little too long.',
        { kind: 'ghost', pose: 'float' },
      ],
      ['Ollie Oni', 'Small horns, big air.', { kind: 'oni', prop: 'skateboard' }],
      [
        'Manual Mummy',
        'Bandages trailing, perfectly balanced on two wheels.',
        { kind: 'mummy', prop: 'skateboard' },
      ],
      ['Boardslide Banshee', 'Her scream is the sound of the wheels.', { kind: 'ghost', prop: 'skateboard' }],
    ],
    secret: [
      'Phantom Pro',
      'No one has seen his face; everyone has seen his line.',
      { kind: 'ghost', prop: 'skateboard' },
    ],
    boxes: [blindBox('skate-spirits', 'Skate Spirits', 1_399)],
  },
  {
    slug: 'moonlit-forest',
    style: 'dreamy-fantasy',
    name: 'Moonlit Forest',
    description: 'When the moon is full, the forest folk come out to tend the glowing mushrooms.',
    releasedOn: '2024-06-21',
    heightMm: 78,
    figures: [
      ['Moth Lantern', 'Carries moonlight in a glass lantern.', { kind: 'moth', prop: 'lantern' }],
      ['Mushroom Sprite', 'Lives under a cap that glows blue at night.', { kind: 'mushroom' }],
      ['Owl Librarian', 'Lends books to anyone who returns them by dawn.', { kind: 'owl', prop: 'book' }],
      ['Fern Fawn', 'Freckles that look like fern leaves.', { kind: 'deer' }],
      ['Acorn Knight', 'Sworn protector of the oldest oak.', { kind: 'person', prop: 'acorn-cap' }],
      ['Dew Drop Frog', 'Collects dew drops in a tiny satchel.', { kind: 'frog', prop: 'satchel' }],
      ['Star Weaver Spider', 'Spins webs that catch falling stars.', { kind: 'spider', prop: 'star' }],
      ['Sleepy Bear Cub', 'Should be hibernating; is not.', { kind: 'bear', pose: 'sleep' }],
      [
        'Firefly Conductor',
        'Leads the fireflies in a slow blinking song.',
        { kind: 'firefly', prop: 'baton' },
      ],
      ['Willow Wisp', 'Drifts between the willows humming.', { kind: 'ghost', pose: 'float' }],
    ],
    secret: [
      'Moon Stag',
      'Antlers of silver branches, seen once in a hundred years.',
      { kind: 'deer', prop: 'antlers' },
    ],
    boxes: [blindBox('moonlit-forest', 'Moonlit Forest', 1_599)],
  },
  {
    slug: 'tide-pool-tales',
    style: 'ocean-folk',
    name: 'Tide Pool Tales',
    description: 'The village in the rock pool, busy between one tide and the next.',
    releasedOn: '2024-07-30',
    heightMm: 70,
    figures: [
      ['Hermit Crab Mover', 'Always moving house, always by hand.', { kind: 'crab', prop: 'shell-house' }],
      ['Starfish Postie', 'Delivers letters with all five arms.', { kind: 'starfish', prop: 'letter' }],
      [
        'Sea Urchin Barber',
        'Gives the spikiest haircuts on the coast.',
        { kind: 'urchin', prop: 'scissors' },
      ],
      ['Anemone Dancer', 'Sways with every wave.', { kind: 'anemone' }],
      [
        'Limpet Grandpa',
        'Has held on to the same rock for sixty years.',
        { kind: 'limpet', prop: 'glasses' },
      ],
      ['Shrimp Lifeguard', 'Whistle, red shorts, very small.', { kind: 'shrimp', prop: 'whistle' }],
      ['Kelp Knitter', 'Knits scarves from seaweed for the winter tides.', { kind: 'otter', prop: 'scarf' }],
    ],
    secret: [
      'Pearl Octopus',
      'Keeps the pool\u2019s one pearl, and eight secrets.',
      { kind: 'octopus', prop: 'pearl' },
    ],
    boxes: [blindBox('tide-pool-tales', 'Tide Pool Tales', 1_299)],
  },
  {
    slug: 'tin-guardians',
    style: 'retro-mecha',
    name: 'Tin Guardians',
    description: 'Wind-up robots built to guard a toy shop, still on duty after fifty years.',
    releasedOn: '2023-08-08',
    heightMm: 95,
    figures: [
      [
        'Key Wind Sentry',
        'Three turns of the key and he stands guard all night.',
        { kind: 'robot', prop: 'key' },
      ],
      ['Rivet Rover', 'Rolls the aisles on squeaky caterpillar tracks.', { kind: 'robot', prop: 'tracks' }],
      ['Spring Boxer', 'Punches with a coiled spring, gently.', { kind: 'robot', prop: 'spring' }],
      ['Radar Rabbit', 'Ears that spin to find lost toys.', { kind: 'rabbit', prop: 'dish' }],
      ['Gearhead Nanny', 'Tucks the dolls in every night.', { kind: 'robot', prop: 'gear' }],
      ['Tin Can Scout', 'Made from a soup can, proud of it.', { kind: 'robot', prop: 'label' }],
      ['Magnet Mole', 'Finds every dropped screw under the shelves.', { kind: 'mole', prop: 'magnet' }],
      ['Bolt Bulldog', 'Growls like a motor, wags like a metronome.', { kind: 'dog' }],
      ['Spark Plug Pilot', 'Flies a paper-plane jet around the shop.', { kind: 'robot', prop: 'plane' }],
      ['Dial Face Clock', 'Keeps the shop\u2019s time, a little fast.', { kind: 'robot', prop: 'clock' }],
      ['Battery Buddy', 'Shares his charge with anyone who runs low.', { kind: 'robot', prop: 'battery' }],
    ],
    secret: [
      'Chrome Commander',
      'The first guardian ever built, polished to a mirror.',
      { kind: 'robot', prop: 'medal' },
    ],
    boxes: [blindBox('tin-guardians', 'Tin Guardians', 1_799)],
  },
  {
    slug: 'star-courier',
    style: 'retro-mecha',
    name: 'Star Courier',
    description: 'A tiny delivery fleet that carries parcels between the planets.',
    releasedOn: '2025-05-04',
    heightMm: 82,
    figures: [
      ['Rocket Mailbot', 'Stamps every parcel with a comet mark.', { kind: 'robot', prop: 'parcel' }],
      [
        'Orbit Otter',
        'Floats on its back in zero gravity, parcel on belly.',
        { kind: 'otter', pose: 'lie', prop: 'parcel' },
      ],
      ['Satellite Snail', 'Slow, but it never misses a delivery.', { kind: 'snail', prop: 'dish' }],
      ['Comet Corgi', 'Chases comets, brings them back.', { kind: 'dog', prop: 'comet' }],
      ['Moon Rover Moth', 'Drives the lunar route in a dusty buggy.', { kind: 'moth' }],
      ['Nebula Navigator', 'Reads star maps upside down, correctly.', { kind: 'person', prop: 'map' }],
    ],
    secret: [
      'Black Hole Dispatcher',
      'Every lost parcel ends up on her desk.',
      { kind: 'person', prop: 'letter' },
    ],
    boxes: [blindBox('star-courier', 'Star Courier', 1_599)],
  },
];
