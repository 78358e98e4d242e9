"""The table: a QGraphicsScene of card items, its layout and its view."""
