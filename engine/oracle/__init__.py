"""The Oracle-text compiler: card data (MTGJSON field names) to CardDef.

`compile_card(record)` reads a card's Oracle text into keywords, activated, triggered and static
abilities and a spell ability; `keyword_from_text(text)` reads one keyword ("protection from black",
"equip {2}"). Effects and static abilities that grant keywords (613.1f) carry them compiled, as `Keyword`
values.

The compiler depends on engine.core only: the effect classes it emits are the vocabulary of
engine.core.effect_types; the modules named in brackets below carry them out (their handlers are
installed by engine.wiring). Beyond the basic effects (engine.effects.basic):

Effects: engine.effects.keyword_actions (Fight, DealDamageBy, Regenerate, CantBeRegenerated, Attach,
  TapOrUntap, SacrificeSelf, PutOntoBattlefield, ExileLinked / ReturnLinked, ReturnChosen,
  ExileGraveyards, MayPay, ChooseMode, GrantProtectionChoice, GrantKeywordChoice, ExileUntilLeaves: 610.3,
  returned by engine.rules.sba.return_exiled_until_left), BecomeChosenType [engine.effects.basic], engine.effects.library
  (SearchLibrary, Scry, LookAndReorder, LookAtTop, RevealUntil, PutFromHandOnLibrary, RevealTop, RevealHand,
  MoveRevealed, Shuffle), engine.effects.zone_moves (PutFromHand, LookAtHand, MoveAllCards, ShuffleIntoLibrary), engine.effects.prevention (PreventDamage, PreventNextFromChosenSource),
  engine.effects.delayed_triggers (CreateDelayed: a delayed triggered ability, 603.7), engine.effects.winning (WinGame, LoseGame),
  engine.rules.spell_copies (CopySpell: "copy target instant or sorcery spell", "copy that spell", storm).

Static ability kinds (StaticAbility.kind; (key, value) params go straight into layer params):
  pump (p, t) · grant (keywords...) · pump_grant (p, t, keywords) · pump_dynamic (Amount, Amount) ·
  cda_pt (Amount | None, Amount | None; None keeps the printed value) · set_types / add_types / set_colors /
  set_pt / lose_abilities (pairs) · cant_cast (("spells", Filter), ("limit", n), ("from", "hand" | "not_hand")) ·
  cant_play_lands (("from", "hand")) ·
  set_pt_mana_value · control · cant_block · cant_attack · cant_attack_or_block · cant_be_blocked ·
  cant_be_blocked_by (Filter,) · must_attack · must_block / lure (509.1c requirements, engine.rules.combat) ·
  blocked_by_at_most_one · fewest_blockers (n,) · no_combat_damage (also resolved effects) · block_any_number · extra_blocks ·
  blocked_only_by / cant_block_these (Filter,) · must_be_blocked · cant_attack_alone / cant_block_alone ·
  cant_activate · cant_crew (702.122a) · attacks_as_though_haste / activates_as_though_haste (302.6) /
  attacks_despite_defender · lose_keyword / lose_types (pairs) ·
  grant_abilities (("texts", quoted texts),): abilities granted in quotes, compiled by
  engine.core.cards.granted_def and added in layer 6 · doesnt_untap · cant_lose · opponents_cant_win
  [engine.effects.winning]; player_hexproof / player_shroud [engine.query.targets], maximum_hand_size_change (n,) /
  maximum_hand_size_set (Amount,)
  and no_maximum_hand_size [engine.rules.cleanup], skip_draw_step [engine.loop.turn], affecting Ref("you") or
  Ref("each_opponent"); cant_have_counters (on SELF) [engine.board.damage]; cant_have_keyword (pairs: lost again
  at the end of layer 6) · blockable_despite_landwalk (land type,) · cant_attack_you (("planeswalkers", b),)
  [engine.rules.combat.may_attack] · every_creature_type and also_subtypes (subtypes...) (on SELF, CDAs) · emblems' pumps and grants (114.4:
  the layers read them in the command zone). Players: cant_gain_life [engine.board.damage], flash_for
  (("spells", F),) and a card's own flash_if (condition) [engine.query.cast_limits], top_revealed / hand_revealed
  [engine.loop.view]; entering_dont_trigger (on Ref("all", F)) and additional_trigger (("cause", "enters" | "dies" |
  "attacks"),) on Ref("all", F) [engine.query.trigger_events].
  Read by modules here: enters_tapped (on SELF, or on Ref("all", F): the others entering),
  others_enter_with_counters (on Ref("all", F)), enters_with_counters (("counters", ((kind, n),)),) and
  would_die_instead (("effects", effects),), on Ref("all", F) or SELF [engine.effects.static_replacements]; cost_increase
  (ManaCost,) or (ManaCost, "off_turn") (not during the caster's turn) / cost_reduction (ManaCost,) or
  (ManaCost(()), Amount) ({X} less) on Ref("all", spell filter), cost_per_extra_target (ManaCost,),
  cost_increase_targeting (ManaCost,), cost_change_aimed (ManaCost, +1 more | -1 less, target F) on Ref("all", spell
  filter), self_cost_reduction (n, Amount) [with a condition], self_cost_reduction_mana
  (ManaCost,) [with a condition: "costs {2}{U} less", 118.7] or (ManaCost, Amount) ("costs {G} less ... for each")
  [engine.query.cost_modifiers]; modifies_damage (("change", (op, n)), ("sources", ((F, spell only), ...) | None),
  ("to_players", "any"|"you"|"opponent"|None), ("to_permanents", F | None), ("at_least", n), ("combat", b | None)),
  prevents_damage (("combat", b), ("to", b), ("by", b), ("sources", F | None)), damage_instead (("effects", effects),
  ("prevent", b), ("to_self", b) and the fields of modifies_damage) [engine.effects.prevention], life_floor
  (("floor", n),), life_gain_doubled, life_gain_plus (("n", n),) and life_gain_to_loss [engine.board.damage],
  counters_doubled / counters_plus_one / counters_minus_one (("kind", k),) on Ref("all", F) [engine.board.damage],
  regenerates_if_destroyed (on SELF, or the enchanted or equipped) [engine.board.primitives], draws_doubled
  [engine.board.zones], tokens_doubled [engine.board.primitives];
  delayed_as_enters (("effects", effects),) [engine.effects.delayed_triggers: dash, 702.109a].
  Left for the engine: graveyard_to_exile (("owner", "any"|"opponent"|"you"),),
  graveyard_to_library_shuffle, enters_as_copy (("filter", F), ("optional", True)),
  opening_hand_battlefield, as_enters_choose (("filter", F), ("key", k)).
Trigger events: enters, enters_untapped, enters_tapped, leaves (to=exile: "is put into exile from the battlefield";
  to=hand: "is returned to your hand"), dies, put_into_graveyard,
  attacks / attack_batch ("one or more ... attack"; to=enchanted_player: a Curse's), blocks, becomes_blocked,
  attacks_or_blocks, deals_damage / deals_combat_damage / deals_noncombat_damage (to=player|opponent|creature;
  least=N: "N or more damage"; to=object: the filter is the permanent dealt damage, "~ deals damage to a Vampire"),
  dealt_damage, explores, discarded_by_opponent ("a spell or ability an opponent controls causes you to discard"),
  discarded_self ("when you discard ~": the card's, where it was discarded to),
  graveyard_to_hand_self ("when ~ is put into your hand from your graveyard": the card's, in the hand),
  step (step=upkeep|draw|end|beginning_of_combat|main1|main2, whose=you|each|opponent), life_gained,
  cast (nth: "your first ... spell each turn", whose=opponent "during each opponent's turn"; subject self: a
  spell's own "when you cast this spell"),
  copy ("whenever you copy an instant spell"),
  draws (nth: "your second card each turn"), tapped_for_mana (subject self, enchanted or filter: a triggered
  mana ability, 605.1b; to=stack: one that adds no mana, on the stack like any trigger), becomes_target
  (to=spell|ability, whose=opponent),
  tapped, untapped, unblocked ("attacks and isn't blocked"), blocks_creature / blocked_by (filter: the other
  creature; blocks_batch / blocked_by_batch: "blocks / becomes blocked by one or more ...", once), sacrificed, to_graveyard ("from anywhere"), leaves_graveyard ("a card leaves your graveyard"),
  to_graveyard_batch / leaves_graveyard_batch ("one or more cards ...": once for each simultaneous event,
  603.2c; dies_batch / enters_batch / leaves_batch / put_into_graveyard_batch: "one or more creatures die"),
  counters_put (counter=kind), cycled, land_played ("plays a land", 305.1), day_night ("day becomes night or
  night becomes day", 731.1a), phased_in / phased_out (subject self; engine.rules.triggers), discards
  (filter: the card), life_lost (nth=1: "for the first time each turn"), player_dealt_damage (/ _combat / _noncombat),
  dealt_combat_damage, surveil, scry, coin_flip (to=won|lost), die_roll ("one or more dice"), countered ("a spell
  you've cast is countered"), attached ("becomes attached to ~ / to a creature": to=self or host=F); subjects self,
  filter, enchanted, equipped, you, opponent, any_player ("~ or another X" becomes two abilities, self and
  filter; `alternatives` "<event> or <event>" one ability per event, each read with its own "it" when
  they differ; once_each_turn). Sengir Vampire: dies with to="dealt_damage_by_self". Matchers:
  engine.query.trigger_events. A triggered ability's `modes` ("choose one —", chosen as it goes on the
  stack, 603.3c) and `from_graveyard` ("return ~ from your graveyard", 113.6k).
Conditions: kicked, evoked, dash_paid [engine.effects.delayed_triggers], source_tapped, you_control, life_at_least/at_most, hand_empty, library_empty, your_turn,
  cast_during_your_main_phase, creature_died_this_turn, life_gained_this_turn, life_lost_this_turn (key
  you|opponent), permanent_left_this_turn (revolt) and cast_from (key: "hand"; 400.7d) [engine.query.amounts], no_counters [engine.query.amounts], revealed_matches [engine.effects.library].
Amounts: x_split_evenly, card_types_in_graveyards, sacrificed_power [engine.query.amounts]; event_count
  ("that many" attackers) [engine.query.amounts];
  cards_in_graveyard [engine.query.amounts]; event_amount [engine.query.amounts]; revealed_mana_value
  [engine.effects.library].
References: target, self, you, each_player, each_opponent, opponent, controller_of, owner_of,
  enchanted, equipped, event ("it" / "that player" in triggers), event_controller, defending_player,
  active_player, all, controlled_by (every object matching a filter controlled by target `index`),
  created (the tokens just created), remembered (in a delayed ability: the objects its creator named).
"""
from __future__ import annotations

from engine.oracle.compiler import compile_card
from engine.oracle.keywords import enchant_target_spec, keyword_from_text

__all__ = ["compile_card", "enchant_target_spec", "keyword_from_text"]
