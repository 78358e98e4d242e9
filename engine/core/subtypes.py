"""Subtypes by card type (CR 205.3g-m), used to read type words in Oracle text."""

ARTIFACT_TYPES = frozenset({
    "Attraction", "Blood", "Bobblehead", "Book", "Clue", "Contraption", "Equipment", "Food",
    "Fortification", "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Mutagen",
    "Powerstone", "Spacecraft", "Stone", "Treasure", "Vehicle",
})

ENCHANTMENT_TYPES = frozenset({
    "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga",
    "Shard", "Shrine",
})

LAND_TYPES = frozenset({
    "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
    "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza's",
})

CREATURE_TYPES = frozenset({
    "Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon",
    "Armadillo", "Army", "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog", "Aurochs",
    "Avatar", "Azra", "Badger", "Balloon", "Barbarian", "Bard", "Basilisk", "Bat", "Bear", "Beast",
    "Beaver", "Beeble", "Beholder", "Berserker", "Bird", "Bison", "Blinkmoth", "Boar", "Bringer",
    "Brushwagg", "C'tan", "Camarid", "Camel", "Capybara", "Caribou", "Carrier", "Cat", "Centaur",
    "Child", "Chimera", "Citizen", "Cleric", "Clown", "Cockatrice", "Construct", "Coward", "Coyote",
    "Crab", "Crocodile", "Custodes", "Cyberman", "Cyclops", "Dalek", "Dauthi", "Demigod", "Demon",
    "Deserter", "Detective", "Devil", "Dinosaur", "Djinn", "Doctor", "Dog", "Dragon", "Drake",
    "Dreadnought", "Drix", "Drone", "Druid", "Dryad", "Dwarf", "Echidna", "Efreet", "Egg", "Elder",
    "Eldrazi", "Elemental", "Elephant", "Elf", "Elk", "Employee", "Eye", "Faerie", "Ferret", "Fish",
    "Flagbearer", "Fox", "Fractal", "Frog", "Fungus", "Gamer", "Gargoyle", "Germ", "Giant",
    "Giraffe", "Gith", "Glimmer", "Gnoll", "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon",
    "Graveborn", "Gremlin", "Griffin", "Guest", "Hag", "Halfling", "Hamster", "Harpy", "Hedgehog",
    "Hellion", "Hero", "Hippo", "Hippogriff", "Homarid", "Homunculus", "Horror", "Horse", "Human",
    "Hydra", "Hyena", "Illusion", "Imp", "Incarnation", "Inkling", "Inquisitor", "Insect", "Jackal",
    "Jellyfish", "Juggernaut", "Kangaroo", "Kavu", "Kirin", "Kithkin", "Knight", "Kobold", "Kor",
    "Kraken", "Lamia", "Lammasu", "Leech", "Lemur", "Leviathan", "Lhurgoyf", "Ligid", "Lizard",
    "Llama", "Lobster", "Manticore", "Masticore", "Mercenary", "Merfolk", "Metathran", "Minion",
    "Minotaur", "Mite", "Mole", "Monger", "Mongoose", "Monk", "Monkey", "Moogler", "Moonfolk",
    "Mount", "Mouse", "Mutant", "Myr", "Mystic", "Nautilus", "Necron", "Nephilim", "Nightmare",
    "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph", "Octopus", "Ogre", "Ooze", "Orb",
    "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin", "Peasant", "Pegasus", "Pentavite",
    "Performer", "Pest", "Phelddagrif", "Phoenix", "Phyrexian", "Pilot", "Pincher", "Pirate",
    "Plant", "Platypus", "Porcupine", "Possum", "Praetor", "Primarch", "Prism", "Processor", "Qu",
    "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel", "Reflection", "Rhino", "Rigger", "Robot",
    "Rogue", "Sable", "Salamander", "Samurai", "Sand", "Saproling", "Satyr", "Scarecrow",
    "Scientist", "Scion", "Scorpion", "Scout", "Sculpture", "Seal", "Serf", "Serpent", "Servo",
    "Shade", "Shaman", "Shapeshifter", "Shark", "Sheep", "Siren", "Skeleton", "Skunk", "Slith",
    "Sliver", "Sloth", "Slug", "Snail", "Snake", "Soldier", "Soltari", "Sorcerer", "Spawn",
    "Specter", "Spellshaper", "Sphinx", "Spider", "Spike", "Spirit", "Splinter", "Sponge", "Squid",
    "Squirrel", "Starfish", "Surrakar", "Survivor", "Symbiote", "Synth", "Tentacle", "Tetravite",
    "Thalagos", "Thopter", "Thrull", "Tiefling", "Time Lord", "Toy", "Treefolk", "Trilobite",
    "Triskelavite", "Troll", "Turtle", "Tyrannid", "Unicorn", "Utrom", "Vampire", "Varmint",
    "Vedalken", "Villain", "Volver", "Wall", "Walrus", "Warlock", "Warrior", "Weasel", "Weird",
    "Werewolf", "Whale", "Wizard", "Wolf", "Wolverine", "Wombat", "Worm", "Wraith", "Wurm", "Yeti",
    "Zombie", "Zuberia",
    "Zubera",       # the cards' type lines and Oracle text (MTGJSON) spell 205.3m's Zuberia so
})

PLANESWALKER_TYPES = frozenset({
    "Ajani", "Aminatou", "Angrath", "Arlinn", "Ashiok", "Bahamut", "Basri", "Bolas", "Calix",
    "Chandra", "Comet", "Dack", "Dakkon", "Daretti", "Davriel", "Dellian", "Dihada", "Domri",
    "Dovin", "Ellywick", "Elminster", "Elspeth", "Estrid", "Freyalise", "Garruk", "Gideon", "Grist",
    "Guff", "Huatli", "Jace", "Jared", "Jaya", "Jeska", "Kaito", "Karn", "Kasmina", "Kaya", "Kiora",
    "Koth", "Liliana", "Lolth", "Lukka", "Minsc", "Mordenkainen", "Nahiri", "Narset", "Niko",
    "Nissa", "Nixilis", "Oko", "Quintorius", "Ral", "Rowan", "Saheeli", "Samut", "Sarkhan", "Serra",
    "Sivitri", "Sorin", "Szat", "Tamiyo", "Tasha", "Teferi", "Teyo", "Tezzeret", "Tibalt", "Tyvar",
    "Ugin", "Urza", "Venser", "Vivien", "Vraska", "Vronos", "Will", "Windgrace", "Wrenn", "Xenagos",
    "Yanggu", "Yanling", "Zariel",
})

# 205.3k: instants and sorceries share their subtypes, the spell types.
SPELL_TYPES = frozenset({"Adventure", "Arcane", "Lesson", "Omen", "Trap"})

ALL_SUBTYPES = ARTIFACT_TYPES | ENCHANTMENT_TYPES | LAND_TYPES | CREATURE_TYPES | PLANESWALKER_TYPES | SPELL_TYPES
